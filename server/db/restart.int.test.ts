import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { migrateDatabase } from '../composition';

// The embedded default keeps its data on disk under DATA_DIR: a restart keeps every account
// and session. (The PostgreSQL run has nothing embedded to restart.)
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-restart-'));
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function start() {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTOTAG: 'off' });
  const database = await openDatabase({ url: null, pgliteDir: config.pgliteDir });
  await migrateDatabase(database);
  const app = await buildApp({ config, database });
  return {
    app,
    async stop() {
      await app.close();
      await database.close();
    },
  };
}

describe.skipIf(process.env.TEST_DB === 'postgres')('PGlite under DATA_DIR', () => {
  it('keeps the account and its session across a restart', async () => {
    const first = await start();
    const reg = await first.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'restart@example.com', username: 'restarter', password: 'secret123', firstName: 'Re', lastName: 'Start' },
    });
    expect(reg.statusCode).toBe(201);
    const cookie = String(reg.headers['set-cookie']).split(';')[0];
    await first.stop();

    const second = await start();
    const me = await second.app.inject({ url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('restarter');
    const login = await second.app.inject({ method: 'POST', url: '/api/login', payload: { emailOrUsername: 'restarter', password: 'secret123' } });
    expect(login.statusCode).toBe(200);
    await second.stop();
  }, 120_000);
});
