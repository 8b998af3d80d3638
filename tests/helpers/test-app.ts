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
  /** Closes the app and starts it again over the same database, data folder and config, as after a restart (a new url). */
  restart(): Promise<void>;
  /** Another start over the same database, data folder and config while this one runs (the next start, a second process); its close leaves them to this one. */
  startAgain(): Promise<TestApp>;
  close(): Promise<void>;
};

type AppOptions = Partial<Omit<AppDeps, 'config'>>;

/** What startTestApp takes, as one value: for a fixture whose options are made in its beforeAll. */
export type TestAppOptions = {
  env?: Record<string, string>;
  patch?: Partial<Config>;
  deps?: AppOptions;
  /** Run after the app has closed: removes what the options were made over (a folder, a server, a storage). */
  cleanup?: () => unknown;
};

/** A fixture's options: env, patch and deps as for startTestApp, or a function making them in the fixture's beforeAll. */
export type FixtureArgs = [env?: Record<string, string>, patch?: Partial<Config>, deps?: AppOptions] | [options: () => TestAppOptions | Promise<TestAppOptions>];

/** Starts the app the fixture's arguments describe; answers it with the cleanup its options asked for. */
export async function startFixtureApp(args: FixtureArgs): Promise<{ app: TestApp; cleanup?: () => unknown }> {
  if (typeof args[0] === 'function') {
    const o = await args[0]();
    try {
      return { app: await startTestApp(o.env, o.patch, o.deps), cleanup: o.cleanup };
    } catch (error) {
      // What the options made (a mail server, a scratch folder) goes even when the app never started.
      await o.cleanup?.();
      throw error;
    }
  }
  const [env, patch, deps] = args as [Record<string, string>?, Partial<Config>?, AppOptions?];
  return { app: await startTestApp(env, patch, deps) };
}

async function listen(config: Config, database: Database, deps: AppOptions): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({ ...deps, config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicUrl = url;
  return { app, url };
}

/**
 * The real app on an ephemeral port over its own database and data folder; given `deps.database`,
 * over that one (several app processes of one deployment), which its `close` leaves open.
 */
export async function startTestApp(env: Record<string, string> = {}, patch: Partial<Config> = {}, deps: AppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-test-'));
  // Tests sign up and write far faster than people: budgets stay on, scaled up, unless a test sets them.
  const knobs = { AUTH_HASHES_PER_SECOND: '1000', WRITE_BUDGET_SCALE: '50', MAX_CONNECTIONS_PER_ADDRESS: '5000', MAX_UPLOADS_PER_ADDRESS: '1000', MAX_IDLE_CONNECTIONS_PER_ADDRESS: '5000' };
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', AUTOTAG: 'off', ...knobs, ...env }), ...patch };
  const database = deps.database ?? (await createTestDatabase());
  return testApp(config, database, dataDir, deps, { database: !deps.database, dataDir: true });
}

/** A TestApp listening over `config`, `database` and `dataDir`; its close closes those it `owns`. */
async function testApp(config: Config, database: Database, dataDir: string, deps: AppOptions, owns: { database: boolean; dataDir: boolean }): Promise<TestApp> {
  let { app, url } = await listen(config, database, deps);
  const t: TestApp = {
    get url() {
      return url;
    },
    get app() {
      return app;
    },
    database,
    config,
    dataDir,
    client: () => new TestClient(url),
    async outbox() {
      const files = (await fs.readdir(config.outboxDir).catch(() => [])).sort();
      return Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(config.outboxDir, f), 'utf8'))));
    },
    async restart() {
      await app.close();
      ({ app, url } = await listen(config, database, deps));
    },
    startAgain: () => testApp({ ...config }, database, dataDir, deps, { database: false, dataDir: false }),
    async close() {
      await app.close();
      if (owns.database) await database.close();
      if (owns.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

/**
 * The integration fixture: registers beforeAll/afterAll hooks that start the app once for the
 * file (as startTestApp) and close it after the last test. Its members exist once beforeAll has
 * run: use them inside tests and hooks (a file's own beforeAll, registered after, sees the app).
 */
export function useTestApp(env?: Record<string, string>, patch?: Partial<Config>, deps?: AppOptions): TestApp;
/** The same, with options made in the fixture's beforeAll (a port, a folder, a storage), and their cleanup after the app closed. */
export function useTestApp(options: () => TestAppOptions | Promise<TestAppOptions>): TestApp;
export function useTestApp(...args: FixtureArgs): TestApp {
  let started: { app: TestApp; cleanup?: () => unknown } | undefined;
  beforeAll(async () => {
    started = await startFixtureApp(args);
  });
  afterAll(async () => {
    await started?.app.close();
    await started?.cleanup?.();
  });
  return lateTestApp(() => started?.app);
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
    restart: () => app().restart(),
    startAgain: () => app().startAgain(),
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
