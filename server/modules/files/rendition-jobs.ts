import { jobPolicies } from '../../jobs/job-catalogue';
import type { JobQueue } from '../../jobs/queue';
import type { RenditionService } from './rendition.service';

/** `file.rendition`: a web rendition per video or audio upload browsers cannot play. */
export function registerRenditionJobs(queue: JobQueue, rendition: RenditionService): void {
  const retryLimit = jobPolicies['file.rendition'].retryLimit ?? 0;
  queue.work('file.rendition', async ({ fileId }, job) => {
    await rendition.makeRendition(fileId, job.retryCount >= retryLimit);
  });
}
