import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './client';

// Drizzle's statements on PGlite run in one call each once their text's parameter types are known
// (server/db/pglite-drizzle-client.ts). Each must still write its values, fail, notify and keep
// transactions as PGlite's own `query` does. (Nothing embedded on PostgreSQL.)
const rows = (result: unknown) => (result as { rows: unknown[] }).rows;

describe.skipIf(process.env.TEST_DB === 'postgres')('Drizzle statements on PGlite in one call', () => {
  let plain: PGlite;
  let ours: PGlite;
  let database: Database;
  beforeAll(async () => {
    [plain, ours] = await Promise.all([PGlite.create(), PGlite.create()]);
    for (const db of [plain, ours]) await db.exec('create table notes (id int primary key, body text not null, flags jsonb, seen boolean, at timestamptz, tags text[], raw bytea, big bigint)');
    database = await openDatabase({ url: null, pglite: ours });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([plain?.close(), ours?.close()]);
  });

  it('writes every kind of value as PGlite writes it for the parameter\'s type', async () => {
    const insert = 'insert into notes values ($1, $2, $3, $4, $5, $6, $7, $8)';
    const values = [1, 'it\'s "quoted", {braced}', { a: [1, 'two'], b: null }, true, new Date('2026-12-07T10:11:12.345Z'), ['a b', 'c,d', 'e"f', null], new Uint8Array([0, 1, 254, 255]), 9007199254740993n];
    await plain.query(insert, values);
    await database.db.execute(sql`insert into notes values (${sql.join(values.map((v) => sql.param(v)), sql`, `)})`);
    const read = 'select id, body, flags, seen, at::text as at, tags, encode(raw, $$hex$$) as raw, big::text as big from notes';
    const expected = (await plain.query(read)).rows;
    expect(expected[0]).toMatchObject({ body: 'it\'s "quoted", {braced}', flags: { a: [1, 'two'], b: null }, tags: ['a b', 'c,d', 'e"f', null], raw: '0001feff', big: '9007199254740993' });
    expect(rows(await database.db.execute(sql.raw(read)))).toEqual(expected);
    // The text's types are remembered: the same statement again with other values, and nulls.
    await database.db.execute(sql`insert into notes values (${2}, ${'two'}, ${null}, ${null}, ${null}, ${null}, ${null}, ${null})`);
    expect(rows(await database.db.execute(sql`select id, flags, tags from notes where id = ${2}`))).toEqual([{ id: 2, flags: null, tags: null }]);
  });

  it('runs a known statement in one call into PGlite', async () => {
    const calls = [vi.spyOn(ours, 'execProtocol'), vi.spyOn(ours, 'execProtocolStream'), vi.spyOn(ours, 'execProtocolRaw')];
    try {
      for (let i = 0; i < 3; i++) await database.db.execute(sql`select body from notes where id = ${i}`);
      // Its parameters' types learned (one call), then one call each: PGlite's own query makes six.
      expect(calls.map((spy) => spy.mock.calls.length)).toEqual([4, 0, 4]);
    } finally {
      for (const spy of calls) spy.mockRestore();
    }
  });

  it('fails a statement with the database\'s error, in or out of a transaction, and keeps serving', async () => {
    const clash = sql`insert into notes (id, body) values (${1}, ${'again'})`;
    const failed = await database.db.execute(clash).catch((error: { cause?: unknown }) => error.cause);
    expect(failed).toMatchObject({ code: '23505', constraint: 'notes_pkey' });
    const inside = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notes (id, body) values (${3}, ${'three'})`);
        await tx.execute(clash);
      })
      .catch((error: { cause?: unknown }) => error.cause);
    expect(inside).toMatchObject({ code: '23505' });
    expect(rows(await database.db.execute(sql`select id from notes order by id`))).toEqual([{ id: 1 }, { id: 2 }]);
    const syntax = await database.db.execute(sql.raw('select from where')).catch((error: { cause?: unknown }) => error.cause);
    expect(syntax).toMatchObject({ code: '42601' });
  });

  it('commits what a transaction wrote and delivers the notifications its statements sent', async () => {
    const heard: string[] = [];
    const stop = await ours.listen('notes_changed', (payload) => heard.push(payload));
    await database.db.execute(sql`select pg_notify('notes_changed', ${'outside'})`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id, body) values (${4}, ${'four'})`);
      await tx.execute(sql`select pg_notify('notes_changed', ${'inside'})`);
    });
    await expect.poll(() => heard).toEqual(['outside', 'inside']);
    await stop();
    expect(rows(await database.db.execute(sql`select body from notes where id = ${4}`))).toEqual([{ body: 'four' }]);
  });
});
