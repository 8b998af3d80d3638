import { jobPolicies } from '../../jobs/job-catalogue';
import type { JobQueue } from '../../jobs/queue';
import type { ArchivesService } from './archives.service';

export function registerArchiveJobs(queue: JobQueue, archives: ArchivesService): void {
  const retries = jobPolicies['member-archive.requested'].retryLimit ?? 0;
  queue.work('member-archive.requested', (data, job) => archives.build(data.archiveId, job.retryCount >= retries));
  queue.work('member-archives.expired', async () => {
    await archives.expire();
  });
}
