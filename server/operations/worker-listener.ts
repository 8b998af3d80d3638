import Fastify, { type FastifyInstance } from 'fastify';
import { logOptions } from '../lib/log-options';
import { registerMetricsRoute } from './metrics-routes';
import type { Metrics } from './metrics';

/**
 * `npm run worker`'s only listener, on METRICS_PORT: `GET /metrics` behind METRICS_TOKEN, and
 * `GET /healthz` (the process is up) for a supervisor. Without METRICS_TOKEN there is nothing to
 * serve and no port is opened.
 */
export async function startWorkerListener(o: { metrics: Metrics; token: string | null; port: number; host: string; logLevel: string }): Promise<FastifyInstance | null> {
  if (!o.token) return null;
  const app = Fastify({ logger: logOptions(o.logLevel) });
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  registerMetricsRoute(app, o.metrics, o.token);
  await app.listen({ port: o.port, host: o.host });
  return app;
}
