import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/index';
import { stripContainerMetadata } from '../../media/container-metadata';
import { MediaTimeoutError, UnsupportedMediaError } from '../../media/media-errors';
import { renditionContentType } from '../../storage/file-objects';
import { StorageNotFoundError, type Storage } from '../../storage/storage';

type Deps = { db: Db; storage: Storage; tmpDir: string; mediaTimeoutMs: number; log: Pick<FastifyBaseLogger, 'info' | 'warn'> };

/** Prefix of each pass's scratch folder under `tmpDir` (swept at start-up like the others). */
export const METADATA_TMP_PREFIX = 'kaleido-metadata-';
const BATCH = 10;
/** A pass stops taking new files after this; the next one (every ten minutes) goes on. */
const PASS_MS = 4 * 60 * 1000;

/**
 * The `media-metadata.missing` pass (docs/decisions/026): video and audio stored before
 * originals were stripped of their container metadata get the treatment of a new upload, in
 * place under the same keys: the original, and its web rendition when there is one. A file
 * ffmpeg cannot copy (or not in time) keeps its bytes and is not asked again (logged); a missing object is
 * nothing to strip. Anything else fails the pass, which is retried.
 */
export function createMetadataPass(d: Deps) {
  async function strip(dir: string, key: string, mime: string, contentType: string): Promise<void> {
    const input = path.join(dir, 'in');
    const output = path.join(dir, 'out');
    await pipeline(await d.storage.get(key), createWriteStream(input));
    await stripContainerMetadata(input, mime, output, d.mediaTimeoutMs);
    await d.storage.put(key, { path: output }, { contentType });
    await rm(input, { force: true });
    await rm(output, { force: true });
  }

  return {
    async run(): Promise<number> {
      const until = Date.now() + PASS_MS;
      let done = 0;
      await mkdir(d.tmpDir, { recursive: true });
      while (Date.now() < until) {
        const batch = await d.db
          .select({ id: files.id, kind: files.kind, fileType: files.fileType, storageKey: files.storageKey, renditionKey: files.renditionKey })
          .from(files)
          .where(and(isNull(files.metadataStrippedAt), inArray(files.kind, ['video', 'audio'])))
          .orderBy(asc(files.id))
          .limit(BATCH);
        if (!batch.length) break;
        for (const file of batch) {
          const dir = await mkdtemp(path.join(d.tmpDir, METADATA_TMP_PREFIX));
          try {
            await strip(dir, file.storageKey, file.fileType, file.fileType);
            if (file.renditionKey) await strip(dir, file.renditionKey, 'video/mp4', renditionContentType(file.kind));
          } catch (err) {
            if (!(err instanceof UnsupportedMediaError || err instanceof MediaTimeoutError || err instanceof StorageNotFoundError)) throw err;
            d.log.warn({ err, fileId: file.id }, 'could not strip the metadata of a stored file; left as it is');
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
          await d.db.update(files).set({ metadataStrippedAt: new Date() }).where(eq(files.id, file.id));
          done++;
        }
      }
      if (done) d.log.info({ stripped: done }, 'stripped the metadata of video and audio stored earlier');
      return done;
    },
  };
}
export type MetadataPass = ReturnType<typeof createMetadataPass>;
