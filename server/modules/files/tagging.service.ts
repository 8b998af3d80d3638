import type { FastifyBaseLogger } from 'fastify';
import { fileMessages } from '../../../contract/files';
import { ValidationError } from '../../lib/errors';
import { RecognitionTimeoutError, UnsupportedImageError } from '../../media/recognition/errors';
import type { ImageFingerprint } from '../../media/recognition/near-duplicate';
import type { Recognizer } from '../../media/recognition/recognizer';
import { StorageNotFoundError, type Storage } from '../../storage/storage';
import type { FileRow } from './files.repo';
import { CLAIM_RENEW_MS } from './recognition.repo';
import type { Files, Recognition } from './file-writes';

type Deps = { files: Files; recognition: Recognition; storage: Storage; recognizer: Recognizer; log: FastifyBaseLogger };

export const NO_TAGS_MESSAGE = 'No relevant tags found for this image.';

/** The fingerprint pass: images a batch, and how long one pass runs before leaving the rest to the next. */
const FINGERPRINT_BATCH = 50;
const FINGERPRINT_PASS_MS = 5 * 60_000;

/** How long analyze-tags waits for a recognition that another process is running. */
const WAIT_FOR_OTHER_MS = 60_000;
// Each wait costs a read and a claim attempt; recognition takes about a second.
const WAIT_STEP_MS = 500;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export function analyzeMessage(found: string[]): string {
  return found.length ? `Found ${found.length} tag${found.length === 1 ? '' : 's'}: ${found.join(', ')}` : NO_TAGS_MESSAGE;
}

/**
 * On-device recognition of a file's image, run once per image: by the `file.uploaded` job, or by
 * analyze-tags when the owner asks before the job got to it. The bytes never leave the machine;
 * the detector reads the display derivative (at most 2048 px, EXIF already applied).
 */
export function createTaggingService(d: Deps) {
  /** Recognises the claimed file and records the result; a failure releases the claim for a retry. */
  async function runClaimed(file: FileRow): Promise<FileRow | null> {
    // A claim that stops being renewed is taken over: a killed worker's image is not stuck.
    const renewing = setInterval(() => d.recognition.renew(file.id).catch((err) => d.log.warn({ err, fileId: file.id }, 'recognition claim not renewed')), CLAIM_RENEW_MS);
    try {
      const key = file.compressedKey ?? file.webpKey ?? file.storageKey;
      const result = await d.recognizer.analyze(await readAll(await d.storage.get(key)));
      return await d.recognition.record(file.id, { tags: result.tags, isNsfw: result.isNsfw, fingerprint: result.fingerprint });
    } catch (err) {
      // Bytes the decoder refuses will never recognise: record that nothing was found, once.
      if (err instanceof UnsupportedImageError) return d.recognition.record(file.id, { tags: [], isNsfw: false });
      await d.recognition.release(file.id);
      throw err;
    } finally {
      clearInterval(renewing);
    }
  }

  return {
    /**
     * The `fingerprints.missing` pass: fingerprints images recognised before fingerprints existed,
     * a batch at a time until none is left or the pass has run for FINGERPRINT_PASS_MS (the next
     * pass goes on). An image the decoder refuses gets an empty fingerprint, so it is not asked again.
     */
    async fingerprintMissing(): Promise<number> {
      const until = Date.now() + FINGERPRINT_PASS_MS;
      let done = 0;
      while (Date.now() < until) {
        const batch = await d.recognition.missingFingerprints(FINGERPRINT_BATCH);
        if (!batch.length) break;
        for (const file of batch) {
          let fingerprint: ImageFingerprint = { phash: '', embedding: null };
          try {
            const key = file.compressedKey ?? file.webpKey ?? file.storageKey;
            fingerprint = (await d.recognizer.analyze(await readAll(await d.storage.get(key)))).fingerprint;
          } catch (err) {
            // Bytes that will never decode, or gone from storage: never asked again. Anything else (the
            // recognizer busy or restarting) fails the pass, which is retried.
            if (!(err instanceof UnsupportedImageError || err instanceof StorageNotFoundError)) throw err;
          }
          await d.recognition.recordFingerprint(file, fingerprint);
          done++;
        }
      }
      if (done) d.log.info({ fingerprinted: done }, 'fingerprinted images recognised earlier');
      return done;
    },

    /**
     * The `file.uploaded` job: recognise unless it ran already. While another process holds the
     * claim it throws, so the queue retries later and sees the recorded result.
     */
    async recogniseOnce(fileId: number): Promise<'recognised' | 'skipped'> {
      const claimed = await d.recognition.claim(fileId);
      if (!claimed) {
        // Videos, audio and documents have nothing to recognise: no write, no claim.
        const row = await d.files.findById(fileId);
        if (!row || row.kind !== 'image' || row.recognizedAt) return 'skipped';
        throw new Error(`recognition of file ${fileId} is running elsewhere`);
      }
      await runClaimed(claimed);
      return 'recognised';
    },

    /** What analyze-tags answers: what recognition found for the file, running it now if it has not run. */
    async analyze(file: FileRow): Promise<{ suggestedTags: string[]; message: string }> {
      if (file.kind !== 'image') throw new ValidationError(fileMessages.imagesOnly);
      const until = Date.now() + WAIT_FOR_OTHER_MS;
      // The route loaded the row already: read it again only after waiting.
      for (let row: FileRow | null = file; ; row = await d.files.findById(file.id)) {
        if (row?.recognizedAt) {
          const found = row.recognizedTags ?? [];
          return { suggestedTags: found, message: analyzeMessage(found) };
        }
        const claimed = await d.recognition.claim(file.id);
        if (claimed) {
          const recorded = await runClaimed(claimed);
          const found = recorded?.recognizedTags ?? [];
          return { suggestedTags: found, message: analyzeMessage(found) };
        }
        // The job is recognising this image right now: wait for its answer rather than run twice.
        if (Date.now() > until) throw new RecognitionTimeoutError(WAIT_FOR_OTHER_MS);
        await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
      }
    },
  };
}
export type TaggingService = ReturnType<typeof createTaggingService>;
