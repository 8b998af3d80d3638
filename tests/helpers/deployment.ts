import type { AppDeps } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { openSharedState, type SharedState } from '../../server/lib/shared-state';
import { dropRedisPrefix, ensureRedis, testRedisPrefix, TEST_REDIS_URL } from './redis';
import { startTestApp, type TestApp } from './test-app';
import { createTestDatabase } from './test-db';

export type Deployment = { apps: TestApp[]; close(): Promise<void> };
const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

/**
 * One app process (`processes: 1`, counters in process), or several sharing one database and
 * one Redis (throttle counters, turns, bus, live hub) as behind a balancer. They share
 * APP_SECRET, as several machines of one deployment must.
 */
export async function startDeployment(
  processes: number,
  env: Record<string, string> = {},
  /** Handed to the first process, the one that works the job queue (a test's mailer, job timings). */
  deps: Partial<Omit<AppDeps, 'config' | 'database' | 'bus' | 'counters' | 'turns' | 'live'>> = {},
): Promise<Deployment> {
  const common = { APP_SECRET: 'deployment-secret-of-at-least-32-characters', ...env };
  if (processes === 1) {
    const app = await startTestApp(common, {}, deps);
    return { apps: [app], close: () => app.close() };
  }
  await ensureRedis();
  const prefix = testRedisPrefix();
  const database: Database = await createTestDatabase();
  const shared: SharedState[] = [];
  const apps: TestApp[] = [];
  for (let i = 0; i < processes; i++) {
    // The first works the job queue; the others only enqueue, like app processes beside a worker.
    const e = { ...common, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, WORKERS: i === 0 ? 'on' : 'off' };
    const state = await openSharedState(loadConfig(e), silent);
    shared.push(state);
    apps.push(await startTestApp(e, {}, { ...(i === 0 ? deps : {}), database, bus: state.bus, counters: state.counters, turns: state.turns, live: state.live }));
  }
  return {
    apps,
    async close() {
      for (const app of apps) await app.close();
      await Promise.all(shared.map((s) => s.close()));
      await database.close();
      await dropRedisPrefix(prefix);
    },
  };
}
