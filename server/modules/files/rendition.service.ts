import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { makeRendition } from '../../media/web-playback';
import { objectKeys, renditionContentType } from '../../storage/file-objects';
import type { Storage } from '../../storage/storage';
import type { FileRow } from './files.repo';
import type { Files } from './file-writes';

type Deps = {
  /** Files with their writes' events (file-writes.ts): a finished rendition changes what a card shows. */
  files: Pick<Files, 'findById' | 'update'>;
  storage: Storage;
  /** Scratch space on this machine (DATA_DIR/tmp): the start-up sweep empties what a crash left. */
  tmpDir: string;
  mediaTimeoutMs: number;
  log: FastifyBaseLogger;
  /** Told how long each media process took, by kind (the media-process metric). */
  observeMedia?: (kind: string, seconds: number) => void;
};

/** Prefix of each rendition's scratch folder under `tmpDir`. */
export const RENDITION_TMP_PREFIX = 'kaleido-rendition-';

export type RenditionResult = 'ready' | 'failed' | 'skipped';

/**
 * The `file.rendition` job: the web rendition of a video or audio file browsers cannot play,
 * made from the stored original (on disk or S3) with ffmpeg, stored beside the other objects
 * and recorded on the row. A file ffmpeg cannot convert is marked failed once and for all, so
 * it never loops; only storage errors and a process that died are retried by the queue.
 */
export function createRenditionService(d: Deps) {
  async function convert(file: FileRow & { kind: 'video' | 'audio' }): Promise<RenditionResult> {
    await mkdir(d.tmpDir, { recursive: true });
    const dir = await mkdtemp(path.join(d.tmpDir, RENDITION_TMP_PREFIX));
    try {
      const input = path.join(dir, 'original');
      await pipeline(await d.storage.get(file.storageKey), createWriteStream(input));
      const output = path.join(dir, 'web.mp4');
      const started = performance.now();
      const outcome = await makeRendition(input, file.fileType, file.kind, output, d.mediaTimeoutMs);
      d.observeMedia?.('rendition', (performance.now() - started) / 1000);
      if (!outcome.ok) {
        d.log.warn({ fileId: file.id, mime: file.fileType, reason: outcome.reason }, 'no web rendition: the file cannot be converted');
        await d.files.update(file.id, { renditionState: 'failed' });
        return 'failed';
      }
      const key = objectKeys(file.keyBase, '').rendition;
      await d.storage.put(key, { path: output }, { contentType: renditionContentType(file.kind) });
      const row: FileRow | undefined = await d.files.update(file.id, { renditionKey: key, renditionState: 'ready' });
      // Deleted while ffmpeg ran: nothing will name the object, so it goes now.
      if (!row) await d.storage.delete(key);
      return row ? 'ready' : 'skipped';
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    /**
     * Makes the rendition unless the file is gone or it was made (a retried job). On the
     * queue's last attempt an error marks the file failed too: its card must not show
     * "Processing…" for ever.
     */
    async makeRendition(fileId: number, lastAttempt = false): Promise<RenditionResult> {
      const file = await d.files.findById(fileId);
      if (!file || file.renditionState !== 'pending' || (file.kind !== 'video' && file.kind !== 'audio')) return 'skipped';
      try {
        return await convert(file as FileRow & { kind: 'video' | 'audio' });
      } catch (err) {
        if (!lastAttempt) throw err;
        d.log.error({ err, fileId }, 'web rendition failed on its last attempt');
        await d.files.update(fileId, { renditionState: 'failed' });
        return 'failed';
      }
    },
  };
}
export type RenditionService = ReturnType<typeof createRenditionService>;
