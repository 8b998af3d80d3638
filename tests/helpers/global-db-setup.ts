import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { migrateDatabase } from '../../server/composition';
import { withDatabase } from './test-db';

/**
 * Migrates one database per run: TEST_DB=postgres builds a template database on the server
 * (each test file copies it); otherwise a PGlite instance is migrated and dumped once, since
 * creating a fresh PGlite costs seconds and hundreds of MB.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const template = `kaleido_tpl_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ url: withDatabase(adminUrl, template) });
    await migrateDatabase(database);
    await database.close();
    project.provide('testDb', { kind: 'postgres', adminUrl, template });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const database = await openDatabase({ url: null, pglite: client });
  await migrateDatabase(database);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-db-'));
  const dumpPath = path.join(dir, 'template.tar');
  await fs.writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDb', { kind: 'pglite', dumpPath });
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
