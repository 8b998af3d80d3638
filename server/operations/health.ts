import type { FastifyInstance } from 'fastify';

/** What /readyz asks, by name: the database, Redis when configured, storage. */
export type ReadinessCheck = { name: string; check: () => Promise<unknown> };

/** Each check's own limit; they run side by side, so /readyz answers within about this. */
export const READY_CHECK_TIMEOUT_MS = 700;

/** The probes' paths: no session, no address limits, no log line per probe (server/app.ts). */
export const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/** Whether the request is for a probe, by its path (cheaper than Fastify's `routeOptions`, built per read). */
export function isProbe(request: { url: string }): boolean {
  const query = request.url.indexOf('?');
  return PROBE_PATHS.has(query < 0 ? request.url : request.url.slice(0, query));
}

export type Health = {
  /** From now on /readyz answers 503 `shutting-down`, so a balancer stops sending before connections close. */
  drain(): void;
  draining(): boolean;
  /** Every check's outcome (`ok`, `failed`, `timed out`) and the names of those that were not ok. */
  ready(): Promise<{ checks: Record<string, string>; failed: string[] }>;
};

async function outcome(c: ReadinessCheck, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), timeoutMs);
  });
  try {
    // Never the error's text: it may name a host, a user or a bucket.
    return await Promise.race([c.check().then(() => 'ok', () => 'failed'), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function createHealth(checks: ReadinessCheck[], timeoutMs = READY_CHECK_TIMEOUT_MS): Health {
  let draining = false;
  return {
    drain: () => {
      draining = true;
    },
    draining: () => draining,
    async ready() {
      const results = await Promise.all(checks.map(async (c) => [c.name, await outcome(c, timeoutMs)] as const));
      const failed = results.filter(([, o]) => o !== 'ok').map(([name]) => name);
      if (draining) failed.unshift('shutting-down');
      return { checks: Object.fromEntries(results), failed };
    },
  };
}

/**
 * `GET /healthz`: the process is up and its event loop turns (no database call). `GET /readyz`:
 * every dependency answered within its limit; otherwise 503 naming those that did not, and 503
 * `shutting-down` once a shutdown began. Neither reveals a version, an address or an error text
 * (docs/decisions/037-health-metrics-quotas.md).
 */
export function registerHealthRoutes(app: FastifyInstance, health: Health): void {
  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const { checks, failed } = await health.ready();
    if (failed.length) return reply.code(503).headers(noStore).send({ status: 'unavailable', failed, checks });
    return reply.headers(noStore).send({ status: 'ok', checks });
  });
}
