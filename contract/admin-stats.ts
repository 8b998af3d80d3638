import { z } from 'zod';

/** Days of the uploads chart, today included. */
export const UPLOAD_CHART_DAYS = 30;
/** Members listed by storage. */
export const BIGGEST_MEMBERS = 10;

const count = z.number().int().nonnegative();

/** GET /api/admin/stats: what the admin dashboard shows, each read with one query or a counter. */
export const adminStats = z.object({
  members: z.object({ total: count, newThisWeek: count, activeThisWeek: count }),
  /** Oldest first, one entry per UTC day (`YYYY-MM-DD`), days without uploads at 0. */
  uploadsPerDay: z.array(z.object({ day: z.string(), uploads: count })),
  storage: z.object({
    /** Originals, what quotas count. */
    originalBytes: count,
    /** Display copies, WebP copies and thumbnails. */
    derivedBytes: count,
    biggestMembers: z.array(z.object({ id: z.number().int(), username: z.string(), bytes: count, files: count })),
  }),
  waitlistPending: count,
  /** Reports no admin has acted on yet (the Reports tab lists them). */
  openReports: count,
  jobs: z.object({ waiting: count, oldestSeconds: z.number().nonnegative(), failedToday: count }),
  /** Open on the process that answered (each app process holds its own). */
  liveStreams: count,
});
export type AdminStats = z.infer<typeof adminStats>;

export const adminStatsMessages = {
  title: 'Dashboard',
  loadFailed: 'Failed to load the dashboard',
} as const;
