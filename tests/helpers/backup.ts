import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { createLocalStorage } from '../../server/storage/local-storage';
import type { Storage } from '../../server/storage/storage';
import * as samples from './media-samples';
import { signUp, type TestClient } from './test-client';
import type { TestApp } from './test-app';
import { withDatabase } from './test-db';
import { EXCLUDED_TABLES } from '../../server/backup/backup-format';
import { uploadAvatar, uploadOk } from './upload';
import { jobSchedules } from '../../server/jobs/job-catalogue';

// Shared by the backup integration tests: a seeded instance, empty restore targets of either
// kind, and the comparison of two instances (every table's rows and every object's bytes).

/**
 * The app's timed passes (the hourly digest, the ten-minute sweeps) moved to midnight on the
 * first of January: a pass that wrote between a backup and the comparison of the two instances
 * would be a difference the backup did not make (the digest at seven past the hour did).
 */
export const withoutTimedPasses = { jobs: { schedules: Object.fromEntries(Object.keys(jobSchedules).map((name) => [name, '0 0 1 1 *'])) } };

export const quietLog = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {}, trace: () => {}, fatal: () => {}, child: () => quietLog, level: 'silent', silent: () => {} } as unknown as FastifyBaseLogger;

async function rows(database: Database, query: string): Promise<Record<string, unknown>[]> {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/**
 * Every row of every app table but the ones a backup leaves out, as sorted JSON, stored columns
 * only (a generated tsvector is the database's own work, and its stemmer may differ by version).
 */
export async function tableRows(database: Database): Promise<Record<string, string[]>> {
  return tableRowsBy((query) => rows(database, query));
}

/** The same, through any connection (one reading an exported snapshot, say). */
export async function tableRowsBy(run: (query: string) => Promise<Record<string, unknown>[]>): Promise<Record<string, string[]>> {
  const columns = await run(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND is_generated = 'NEVER' ORDER BY table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) {
    const table = String(c.table_name);
    if ((EXCLUDED_TABLES as readonly string[]).includes(table)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), `"${c.column_name}"`]);
  }
  const out: Record<string, string[]> = {};
  for (const [table, cols] of [...byTable].sort()) {
    const r = await run(`SELECT json_build_array(${cols.join(', ')})::text AS r FROM public."${table}"`);
    out[table] = r.map((x) => String(x.r)).sort();
  }
  return out;
}

export async function storedObjects(storage: Storage): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const entry of storage.list()) {
    const chunks: Buffer[] = [];
    for await (const c of await storage.get(entry.key)) chunks.push(c as Buffer);
    out.set(entry.key, crypto.createHash('sha256').update(Buffer.concat(chunks)).digest('hex'));
  }
  return out;
}

export async function objectBytes(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await storage.get(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function adminUrl(): string {
  const target = inject('testDb');
  return target.kind === 'postgres' ? target.adminUrl : (process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
}

/** An empty database of the given kind (nothing migrated), dropped by `close`. */
export async function emptyDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ url: null, pglite: await PGlite.create({ extensions: { pg_trgm } }) });
  const name = `kaleido_r_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(adminUrl(), name) });
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A disk storage in an empty scratch folder of its own; `cleanup` closes it and removes the folder. */
export async function emptyDiskStorage(prefix = 'kaleido-restore-'): Promise<{ storage: Storage; dir: string; cleanup(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const storage = createLocalStorage(dir);
  return {
    storage,
    dir,
    async cleanup() {
      await storage.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export async function uploadFile(client: TestClient, name: string, data: Buffer, type: string, extra: Record<string, string> = {}): Promise<number> {
  return (await uploadOk(client, data, name, extra, type)).id;
}

export type Seeded = { ana: Awaited<ReturnType<typeof signUp>>; bob: Awaited<ReturnType<typeof signUp>>; files: number[]; folderId: number; privateFileId: number };

/** Members with an avatar, files of several kinds (one private), a shared folder, comments, likes, follows and messages. */
export async function seed(t: TestApp): Promise<Seeded & { clients: { ana: TestClient; bob: TestClient; cat: TestClient } }> {
  const clients = { ana: t.client(), bob: t.client(), cat: t.client() };
  const ana = await signUp(clients.ana, { firstName: 'Ana', lastName: 'Backup' });
  const bob = await signUp(clients.bob, { firstName: 'Bob', lastName: 'Backup' });
  await signUp(clients.cat);
  expect((await uploadAvatar(clients.ana, await samples.pngWithAlpha(64, 64))).status).toBe(200);
  const files = [
    await uploadFile(clients.ana, 'sunset.png', await samples.pngWithAlpha(), 'image/png', { description: 'lighthouse at dusk' }),
    await uploadFile(clients.ana, 'notes.pdf', await samples.pdf(), 'application/pdf'),
    await uploadFile(clients.bob, 'cat.webp', await samples.webp(), 'image/webp'),
  ];
  const privateFileId = await uploadFile(clients.ana, 'secret.gif', await samples.gif(), 'image/gif', { isPublic: 'false' });
  const folder = await clients.ana.post('/api/folders', { name: 'Trips', description: 'shared', isPublic: false });
  expect(folder.status, folder.text).toBe(201);
  const folderId = folder.body.id as number;
  expect((await clients.ana.post(`/api/folders/${folderId}/collaborators`, { userId: bob.id, role: 'EDITOR' })).status).toBeLessThan(300);
  expect((await clients.ana.post(`/api/folders/${folderId}/files`, { fileId: privateFileId })).status).toBeLessThan(300);
  expect((await clients.bob.post(`/api/files/${files[0]}/like`)).status).toBe(200);
  expect((await clients.ana.post(`/api/files/${files[2]}/like`)).status).toBe(200);
  expect((await clients.bob.post(`/api/files/${files[0]}/comments`, { content: 'Lovely light' })).status).toBe(201);
  expect((await clients.ana.post(`/api/files/${files[0]}/comments`, { content: "Thanks; it's 'Brittany'\n\\restrict no" })).status).toBe(201);
  expect((await clients.bob.post(`/api/users/${ana.id}/follow`)).status).toBe(200);
  expect((await clients.ana.post('/api/messages', { recipientId: bob.id, content: 'See the folder?' })).status).toBe(201);
  expect((await clients.bob.post('/api/messages', { recipientId: ana.id, content: 'Yes!' })).status).toBe(201);
  // A quiet instance: every image recognised (a job still running would change a row after the snapshot).
  const unrecognised = sql`select count(*)::int as n from files where kind = 'image' and recognized_at is null`;
  for (const until = Date.now() + 60_000; ((await t.database.db.execute(unrecognised)) as unknown as { rows: { n: number }[] }).rows[0].n > 0; ) {
    if (Date.now() > until) throw new Error('images still unrecognised after 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ana, bob, files, folderId, privateFileId, clients };
}

/** Two instances hold the same rows (but sessions) and the same objects, byte for byte. */
export async function expectSameInstance(a: { database: Database; storage: Storage }, b: { database: Database; storage: Storage }): Promise<void> {
  const [rowsA, rowsB] = [await tableRows(a.database), await tableRows(b.database)];
  expect(Object.keys(rowsB)).toEqual(Object.keys(rowsA));
  for (const table of Object.keys(rowsA)) expect(rowsB[table], table).toEqual(rowsA[table]);
  const [objectsA, objectsB] = [await storedObjects(a.storage), await storedObjects(b.storage)];
  expect(new Map([...objectsB].sort())).toEqual(new Map([...objectsA].sort()));
}
