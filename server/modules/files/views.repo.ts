import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { intArrayLiteral, timestampArrayLiteral } from '../../db/sql-arrays';

export type CountedView = { fileId: number; userId: number; hour: Date };
/** A file whose count grew in one flush: its new total and by how much. */
export type ViewTotal = { id: number; total: number; added: number };

/**
 * Views in batches (view-counter.ts): the once-per-viewer-per-hour rows and the files' counters
 * in one statement, so a view is counted exactly when its row is new. It runs in its caller's
 * transaction, which records `views.counted` (its milestone jobs commit with the counts).
 */
export function createViewsRepo() {
  return {
    async countViews(tx: Tx, views: CountedView[]): Promise<ViewTotal[]> {
      if (!views.length) return [];
      const fileIds = intArrayLiteral(views.map((v) => v.fileId));
      const userIds = intArrayLiteral(views.map((v) => v.userId));
      const hours = timestampArrayLiteral(views.map((v) => v.hour));
      // Files deleted since the view are skipped (their rows would break the foreign key).
      const result = await tx.execute<{ id: number; total: number; added: number }>(sql`
        with counted as (
          insert into file_views (file_id, user_id, hour)
          select u.file_id, u.user_id, u.hour
          from unnest(${fileIds}::int[], ${userIds}::int[], ${hours}::timestamptz[]) as u(file_id, user_id, hour)
          where exists (select 1 from files f where f.id = u.file_id)
          on conflict do nothing
          returning file_id
        ), added as (select file_id, count(*)::int as n from counted group by file_id)
        update files f set view_count = f.view_count + added.n from added where f.id = added.file_id
        returning f.id, f.view_count as total, added.n as added`);
      const totals = (result as unknown as { rows: ViewTotal[] }).rows.map((r) => ({ id: Number(r.id), total: Number(r.total), added: Number(r.added) }));
      return totals;
    },
  };
}
export type ViewsRepo = ReturnType<typeof createViewsRepo>;
