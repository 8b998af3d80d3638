import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { useTestApp } from '../../tests/helpers/test-app';

// A job sent inside a write's transaction (queue.ts, `inTransaction`): it exists exactly when the
// transaction commits, and on PostgreSQL its insert is prepared under a name and keeps one plan.
describe('a job sent in a transaction', () => {
  const t = useTestApp();
  // Due in an hour: the handler never runs on these made-up members.
  const send = (followerId: number) => (tx: Tx) => t.app.jobs.send('follow.added', { followerId, followingId: followerId + 1 }, { tx, startAfterSeconds: 3600 });

  it('is queued when the transaction commits, and not when it rolls back', async () => {
    await t.database.db.transaction(async (tx) => void (await send(90_001)(tx)));
    await expect(
      t.database.db.transaction(async (tx) => {
        await send(90_002)(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const queued = await rowsOf<{ follower: string }>(t.database.db, sql`select data->>'followerId' as follower from pgboss.job where name = 'follow.added' and data->>'followerId' in ('90001', '90002')`);
    expect(queued).toEqual([{ follower: '90001' }]);
  });

  // Planned for its values, the insert took 1.1 ms to plan on every call, inside the write's
  // transaction; under a name PostgreSQL plans it five times per connection and then keeps one plan.
  it.skipIf(process.env.TEST_DB !== 'postgres')('is prepared under a name on PostgreSQL, and its generic plan kept', async () => {
    const plans = await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 8; i++) await send(91_000 + i)(tx);
      const result = await tx.execute(sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%INSERT INTO pgboss.job_common%'`);
      return (result as unknown as { rows: { name: string; generic: number; custom: number }[] }).rows;
    });
    expect(plans).toHaveLength(1);
    expect(plans[0].name).toMatch(/^once_[0-9a-f]{24}$/);
    expect(plans[0].custom).toBeLessThanOrEqual(5);
    expect(plans[0].generic).toBeGreaterThanOrEqual(3);
  });
});
