import type { FastifyBaseLogger } from 'fastify';
import { fileMessages, normalizeTags, TAGS_PER_FILE } from '../../../contract/files';
import { ValidationError } from '../../lib/errors';
import type { Recognizer } from '../../media/recognition/recognizer';
import type { Storage } from '../../storage/storage';
import type { FileRow, FilesRepo } from './files.repo';

type Deps = { files: FilesRepo; storage: Storage; recognizer: Recognizer; log: FastifyBaseLogger };

export const NO_TAGS_MESSAGE = 'No relevant tags found for this image.';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * On-device recognition of a file's image: the bytes never leave the machine. The detector
 * reads the display derivative (at most 2048 px, EXIF already applied) rather than the original.
 */
export function createTaggingService(d: Deps) {
  async function recognise(file: FileRow) {
    const key = file.compressedKey ?? file.webpKey ?? file.storageKey;
    const result = await d.recognizer.analyze(await readAll(await d.storage.get(key)));
    if (result.isNsfw !== file.isNsfw) await d.files.update(file.id, { isNsfw: result.isNsfw });
    return result;
  }

  return {
    /** What the owner's client asks 1 s after an upload: suggestions not yet on the file. */
    async suggest(file: FileRow): Promise<{ suggestedTags: string[]; message: string }> {
      if (file.kind !== 'image') throw new ValidationError(fileMessages.imagesOnly);
      const result = await recognise(file);
      const fresh = await d.files.findById(file.id);
      const current = new Set(fresh?.tags ?? file.tags);
      const suggestedTags = result.tags.filter((t) => !current.has(t));
      const message = suggestedTags.length ? `Found ${suggestedTags.length} tag${suggestedTags.length === 1 ? '' : 's'}: ${suggestedTags.join(', ')}` : NO_TAGS_MESSAGE;
      return { suggestedTags, message };
    },

    /** Every uploaded image, whoever's client sent it, gets tags and its NSFW flag in the background. */
    tagInBackground(file: FileRow): void {
      if (file.kind !== 'image') return;
      recognise(file)
        .then(async (result) => {
          const latest = await d.files.findById(file.id);
          if (!latest) return;
          const merged = normalizeTags([...latest.tags, ...result.tags]).filter((t) => t.length <= 40).slice(0, TAGS_PER_FILE);
          if (merged.length !== latest.tags.length) await d.files.update(file.id, { tags: merged });
        })
        .catch((err) => d.log.warn({ err, fileId: file.id }, 'background tagging failed'));
    },
  };
}
export type TaggingService = ReturnType<typeof createTaggingService>;
