import { sql } from 'drizzle-orm';
import { BIGGEST_MEMBERS, UPLOAD_CHART_DAYS } from '../../contract/admin-stats';
import type { Db } from '../db/client';

type Rows<T> = { rows: T[] };

/**
 * The admin dashboard's reads, one query each: members, uploads per day (the `created_at`
 * index bounds it to 30 days), storage by kind and by member, the waitlist.
 */
export function createAdminStatsRepo(db: Db) {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;
  return {
    async members(): Promise<{ total: number; newThisWeek: number; activeThisWeek: number }> {
      const [r] = await rows<{ total: string; fresh: string; active: string }>(sql`
        select (select count(*) from users where status = 'active') as total,
          (select count(*) from users where status = 'active' and created_at > now() - interval '7 days') as fresh,
          (select count(distinct user_id) from sessions where last_seen_at > now() - interval '7 days') as active`);
      return { total: Number(r.total), newThisWeek: Number(r.fresh), activeThisWeek: Number(r.active) };
    },

    /** Uploads per UTC day, oldest first, days without any at 0. */
    async uploadsPerDay(): Promise<{ day: string; uploads: number }[]> {
      const found = await rows<{ day: string; uploads: string }>(sql`
        select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as day, count(*) as uploads
        from files where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - make_interval(days => ${UPLOAD_CHART_DAYS - 1})
        group by 1`);
      const byDay = new Map(found.map((r) => [r.day, Number(r.uploads)]));
      const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
      return Array.from({ length: UPLOAD_CHART_DAYS }, (_, i) => {
        const day = new Date(today - (UPLOAD_CHART_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10);
        return { day, uploads: byDay.get(day) ?? 0 };
      });
    },

    async storage(): Promise<{ originalBytes: number; derivedBytes: number; biggestMembers: { id: number; username: string; bytes: number; files: number }[] }> {
      const [totals] = await rows<{ originals: string; derived: string }>(sql`
        select coalesce(sum(size), 0) as originals,
          coalesce(sum(coalesce(compressed_size, 0) + coalesce(webp_size, 0) + coalesce(thumbnail_size, 0)), 0) as derived
        from files`);
      const biggest = await rows<{ id: number; username: string; bytes: string; files: string }>(sql`
        select u.id, u.username, b.bytes, b.files
        from (select user_id, sum(size) as bytes, count(*) as files from files group by user_id order by sum(size) desc limit ${BIGGEST_MEMBERS}) b
        join users u on u.id = b.user_id
        order by b.bytes desc, u.id`);
      return {
        originalBytes: Number(totals.originals),
        derivedBytes: Number(totals.derived),
        biggestMembers: biggest.map((r) => ({ id: Number(r.id), username: r.username, bytes: Number(r.bytes), files: Number(r.files) })),
      };
    },

    async openReports(): Promise<number> {
      const [r] = await rows<{ n: string }>(sql`select count(*) as n from reports where status = 'open'`);
      return Number(r.n);
    },

    async waitlistPending(): Promise<number> {
      const [r] = await rows<{ n: string }>(sql`select count(*) as n from waitlist_applications where status = 'pending'`);
      return Number(r.n);
    },
  };
}
export type AdminStatsRepo = ReturnType<typeof createAdminStatsRepo>;
