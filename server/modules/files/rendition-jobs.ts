import { jobPolicies } from '../../jobs/job-catalogue';
import type { JobQueue } from '../../jobs/queue';
import type { MetadataPass } from './metadata-pass.service';
import type { RenditionService } from './rendition.service';

/**
 * `file.rendition`: a web rendition per video or audio upload browsers cannot play;
 * `media-metadata.missing`: video and audio stored before their metadata was stripped.
 */
export function registerRenditionJobs(queue: JobQueue, rendition: RenditionService, metadataPass: MetadataPass): void {
  queue.work('media-metadata.missing', async () => {
    await metadataPass.run();
  });
  const retryLimit = jobPolicies['file.rendition'].retryLimit ?? 0;
  queue.work('file.rendition', async ({ fileId }, job) => {
    await rendition.makeRendition(fileId, job.retryCount >= retryLimit);
  });
}
