import type { JobQueue } from '../../jobs/queue';
import type { TaggingService } from './tagging.service';

/** What happens after an upload, as jobs: recognition (tags, NSFW flag, fingerprint), once per image. */
export function registerFileJobs(queue: JobQueue, tagging: TaggingService): void {
  queue.work('file.uploaded', async ({ fileId }) => {
    await tagging.recogniseOnce(fileId);
  });
  queue.work('fingerprints.missing', async () => {
    await tagging.fingerprintMissing();
  });
}
