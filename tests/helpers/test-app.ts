import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDeps } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { Database } from '../../server/db/client';
import { createTestDatabase } from './test-db';
import { TestClient } from './test-client';

export type TestApp = {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  client(): TestClient;
  outbox(): Promise<{ to: string; subject: string; text: string }[]>;
  close(): Promise<void>;
};

/**
 * The real app on an ephemeral port over its own database and data folder; given `deps.database`,
 * over that one (several app processes of one deployment), which its `close` leaves open.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  patch: Partial<Config> = {},
  deps: Partial<Omit<AppDeps, 'config'>> = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-test-'));
  // Tests sign up and write far faster than people: budgets stay on, scaled up, unless a test sets them.
  const knobs = { AUTH_HASHES_PER_SECOND: '1000', WRITE_BUDGET_SCALE: '50', MAX_CONNECTIONS_PER_ADDRESS: '5000', MAX_UPLOADS_PER_ADDRESS: '1000' };
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', AUTOTAG: 'off', ...knobs, ...env }), ...patch };
  const database = deps.database ?? (await createTestDatabase());
  const app = await buildApp({ ...deps, config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicUrl = url;
  return {
    url,
    app,
    database,
    config,
    dataDir,
    client: () => new TestClient(url),
    async outbox() {
      const files = (await fs.readdir(config.outboxDir).catch(() => [])).sort();
      return Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(config.outboxDir, f), 'utf8'))));
    },
    async close() {
      await app.close();
      if (!deps.database) await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The integration fixture: registers beforeAll/afterAll hooks that start the app once for the
 * file (as startTestApp) and close it after the last test. Its members exist once beforeAll has
 * run: use them inside tests and hooks (a file's own beforeAll, registered after, sees the app).
 */
export function useTestApp(env: Record<string, string> = {}, patch: Partial<Config> = {}, deps: Partial<Omit<AppDeps, 'config'>> = {}): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(env, patch, deps);
  });
  afterAll(async () => {
    await started?.close();
  });
  return lateTestApp(() => started);
}

/** A TestApp whose every member reads the app `get` answers at the time of use. */
export function lateTestApp(get: () => TestApp | undefined): TestApp {
  const app = (): TestApp => {
    const t = get();
    if (!t) throw new Error('the test app starts in beforeAll: use it inside a test or hook');
    return t;
  };
  return {
    get url() {
      return app().url;
    },
    get app() {
      return app().app;
    },
    get database() {
      return app().database;
    },
    get config() {
      return app().config;
    },
    get dataDir() {
      return app().dataDir;
    },
    client: () => app().client(),
    outbox: () => app().outbox(),
    close: () => app().close(),
  };
}

/** Waits for a mail that the server sends in the background. */
export async function waitForMail(t: Pick<TestApp, 'outbox'>, match: (m: { to: string; subject: string }) => boolean, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await t.outbox()).find(match);
    if (mail) return mail;
    if (Date.now() > until) throw new Error('no matching mail in the outbox');
    await new Promise((r) => setTimeout(r, 50));
  }
}
