import type { AdminStats } from '../../contract/admin-stats';
import type { operationsEndpoints } from '../../contract/api/operations';
import type { HandlersFor } from '../plugins/endpoints';
import type { AdminStatsRepo } from './admin-stats.repo';
import type { JobStatsRepo } from './job-stats.repo';

type Deps = { stats: AdminStatsRepo; jobStats: JobStatsRepo; liveStreams: () => number };

/** The admin dashboard (admins only: the entry's `auth`); its reads run side by side. */
export function adminStatsHandlers(d: Deps): HandlersFor<typeof operationsEndpoints> {
  return {
    getAdminStats: async (): Promise<AdminStats> => {
      const [members, uploadsPerDay, storage, waitlistPending, openReports, jobs] = await Promise.all([
        d.stats.members(),
        d.stats.uploadsPerDay(),
        d.stats.storage(),
        d.stats.waitlistPending(),
        d.stats.openReports(),
        d.jobStats.byName(),
      ]);
      return {
        members,
        uploadsPerDay,
        storage,
        waitlistPending,
        openReports,
        jobs: {
          waiting: jobs.reduce((n, j) => n + j.waiting, 0),
          oldestSeconds: Math.max(0, ...jobs.map((j) => j.oldestSeconds)),
          failedToday: jobs.reduce((n, j) => n + j.failedToday, 0),
        },
        liveStreams: d.liveStreams(),
      };
    },
  };
}
