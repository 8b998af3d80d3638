import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './client';
import { withDates } from './pglite-text-types';

// The embedded database reads dates, times, intervals and numeric arrays as text itself, so
// Drizzle's statements go without parsers (server/db/pglite-text-types.ts). Each reader must get
// what it got before: Drizzle the same text, the job queue the same dates. (Nothing embedded on
// PostgreSQL.)
const COLUMNS = `select timestamptz '2026-12-07 10:11:12.345678+00' as tz, timestamp '2026-12-07 10:11:12.5' as ts,
  date '2026-12-07' as d, interval '1 day 02:03:04' as i, array[timestamptz '2026-01-02 03:04:05+00', null] as tza,
  array[date '2026-12-07'] as da, array[1.50, 2]::numeric[] as na, array[interval '2 hours'] as ia, 42::int as n, 'x'::text as t`;

describe.skipIf(process.env.TEST_DB === 'postgres')('dates read as text in the embedded database', () => {
  let plain: PGlite;
  let ours: PGlite;
  let database: Database;
  beforeAll(async () => {
    [plain, ours] = await Promise.all([PGlite.create(), PGlite.create()]);
    database = await openDatabase({ url: null, pglite: ours });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([plain?.close(), ours?.close()]);
  });

  it('gives Drizzle the same text as Drizzle\'s own parsers did, in and out of transactions', async () => {
    const expected = (await drizzle(plain).execute(sql.raw(COLUMNS))).rows;
    expect(expected[0]).toMatchObject({ tz: '2026-12-07 10:11:12.345678+00', d: '2026-12-07', na: '{1.50,2}', n: 42 });
    const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
    expect(rows(await database.db.execute(sql.raw(COLUMNS)))).toEqual(expected);
    expect(await database.db.transaction(async (tx) => rows(await tx.execute(sql.raw(COLUMNS))))).toEqual(expected);
  });

  it('sends Drizzle\'s statements without parsers, and other parsers as they are', async () => {
    const query = vi.spyOn(ours, 'query');
    try {
      await database.db.execute(sql`select 1 as one`);
      expect(query.mock.calls.at(-1)?.[2]?.parsers).toBeUndefined();
      const doubled = await ours.query<{ n: number }>('select 21 as n', [], { parsers: { 23: (text: string) => Number(text) * 2 } });
      expect(doubled.rows).toEqual([{ n: 42 }]);
    } finally {
      query.mockRestore();
    }
  });

  it('gives the job queue dates as PGlite parses them, from single statements and scripts', async () => {
    const expected = (await plain.query(COLUMNS)).rows;
    expect(expected[0]).toMatchObject({ tz: new Date('2026-12-07T10:11:12.345Z'), tza: [new Date('2026-01-02T03:04:05Z'), null] });
    const dated = withDates(ours);
    expect((await dated.query(COLUMNS)).rows).toEqual(expected);
    expect((await dated.query(COLUMNS, [], { rowMode: 'array' })).rows).toEqual((await plain.query(COLUMNS, [], { rowMode: 'array' })).rows);
    const script = await dated.exec(`select 1; ${COLUMNS}`);
    expect(script[1].rows).toEqual(expected);
  });
});
