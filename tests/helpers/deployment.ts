import { afterAll, beforeAll } from 'vitest';
import type { AppDeps } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { openSharedState, type SharedState } from '../../server/shared-state';
import { dropRedisPrefix, ensureRedis, testRedisPrefix, TEST_REDIS_URL } from './redis';
import { startTestApp, type TestApp } from './test-app';
import { late } from './late';
import { createTestDatabase } from './test-db';
import { silentLog } from './silent-log';

export type Deployment = {
  apps: TestApp[];
  /** Each process's Redis-backed state (bus, counters, turns, live hub), in the order of `apps`; none for one process. */
  states: SharedState[];
  /** The Redis key prefix the processes share. */
  prefix: string;
  /** One more process that only enqueues, on the same database and Redis (as one started later); closed with the others. */
  addProcess(): Promise<TestApp>;
  close(): Promise<void>;
};

type Deps = Partial<Omit<AppDeps, 'config' | 'database' | 'bus' | 'counters' | 'turns' | 'live'>>;
export type DeploymentOptions = {
  /** The Redis the processes share (a test's own server, to stop it); the test Redis unless given. */
  redisUrl?: string;
  /** Handed to every process (one storage for all, as one bucket). */
  everyProcess?: Deps;
  /** Run after the deployment has closed: removes what the options were made over. */
  cleanup?: () => unknown;
};

/**
 * One app process (`processes: 1`, counters in process), or several sharing one database and
 * one Redis (throttle counters, turns, bus, live hub) as behind a balancer. They share
 * APP_SECRET, as several machines of one deployment must.
 */
export async function startDeployment(
  processes: number,
  env: Record<string, string> = {},
  /** Handed to the first process, the one that works the job queue (a test's mailer, job timings). */
  deps: Deps = {},
  options: DeploymentOptions = {},
): Promise<Deployment> {
  const common = { APP_SECRET: 'deployment-secret-of-at-least-32-characters', ...env };
  const prefix = testRedisPrefix();
  if (processes === 1) {
    const app = await startTestApp(common, {}, { ...options.everyProcess, ...deps });
    return {
      apps: [app],
      states: [],
      prefix,
      addProcess: () => Promise.reject(new Error('a one-process deployment has no Redis to share')),
      async close() {
        await app.close();
        await options.cleanup?.();
      },
    };
  }
  const redisUrl = options.redisUrl ?? TEST_REDIS_URL;
  if (!options.redisUrl) await ensureRedis();
  const database: Database = await createTestDatabase();
  const states: SharedState[] = [];
  const apps: TestApp[] = [];
  // The first works the job queue; the others only enqueue, like app processes beside a worker.
  const addProcess = async (): Promise<TestApp> => {
    const first = apps.length === 0;
    const e = { ...common, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, WORKERS: first ? 'on' : 'off' };
    const state = await openSharedState(loadConfig(e), silentLog);
    states.push(state);
    const own = { database, bus: state.bus, counters: state.counters, turns: state.turns, live: state.live };
    const app = await startTestApp(e, {}, { ...options.everyProcess, ...(first ? deps : {}), ...own });
    apps.push(app);
    return app;
  };
  for (let i = 0; i < processes; i++) await addProcess();
  return {
    apps,
    states,
    prefix,
    addProcess,
    async close() {
      for (const app of apps) await app.close();
      await Promise.all(states.map((s) => s.close()));
      await database.close();
      // A test's own Redis is the test's to throw away (it may be down by now).
      if (!options.redisUrl) await dropRedisPrefix(prefix);
      await options.cleanup?.();
    },
  };
}

/**
 * The deployment fixture: registers beforeAll/afterAll hooks that start the deployment (as
 * startDeployment; `options` may be made in the beforeAll) and close it after the last test.
 * Its members exist once beforeAll has run.
 */
export function useDeployment(
  processes: number,
  env: Record<string, string> = {},
  deps: Deps = {},
  options: DeploymentOptions | (() => DeploymentOptions | Promise<DeploymentOptions>) = {},
): Omit<Deployment, 'close'> {
  let started: Deployment | undefined;
  beforeAll(async () => {
    started = await startDeployment(processes, env, deps, typeof options === 'function' ? await options() : options);
  });
  afterAll(async () => {
    await started?.close();
  });
  return late(() => started, 'the deployment');
}
