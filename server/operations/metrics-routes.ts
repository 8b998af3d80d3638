import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '../../contract/api';
import { tooManyWritesMessage } from '../../contract/common';
import type { Endpoint } from '../../contract/endpoint';
import { AppError } from '../lib/errors';
import type { Metrics } from './metrics';

/** Refusals of an upload by status; a 413 for the member's quota is told apart (QuotaExceededError). */
const UPLOAD_REFUSALS: Record<number, string> = { 400: 'invalid', 403: 'not_allowed', 404: 'not_allowed', 413: 'too_large', 415: 'unsupported', 422: 'unprocessable', 429: 'rate_limited' };
const UPLOAD_OPERATION = 'uploadFile';

/** Marks an error as a refusal for the member's storage quota (its 413 is counted as `quota`). */
export const QUOTA_REFUSAL = Symbol('quota refusal');

/** True when the header is exactly `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * `GET /metrics` in Prometheus text, only with `Authorization: Bearer {METRICS_TOKEN}` (401
 * otherwise); without a token configured the path does not exist (404). The app and the worker's
 * listener both serve it through this.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | null): void {
  // Its own 404, not the client's page that answers unknown paths.
  if (!token) {
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => reply.code(404).send({ message: 'Not found' }));
    return;
  }
  app.get('/metrics', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'A valid bearer token is required' });
    }
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(await metrics.text());
  });
}

/**
 * Every answer observed once, by the endpoint table's operationId (the route pattern for the few
 * routes outside it, `unmatched` for a 404 of no route: never the raw path), and the refusals the
 * operator watches: uploads by reason, sign-in throttling and write budgets.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  const refusals = new WeakMap<FastifyRequest, string>();
  app.addHook('onError', (request, _reply, error, done) => {
    const operation = operationOf(request);
    const status = error instanceof AppError ? error.statusCode : 0;
    if ((error as { [QUOTA_REFUSAL]?: boolean })[QUOTA_REFUSAL]) refusals.set(request, 'quota');
    if (status === 429 && error.message === tooManyWritesMessage) metrics.writeBudgetRefusals.inc({ operation });
    else if (status === 429 && (endpoints as Record<string, Endpoint>)[operation]?.throttled) metrics.signInThrottled.inc({ operation });
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const operation = operationOf(request);
    const status = reply.statusCode;
    metrics.requests.observe({ operation, status }, reply.elapsedTime / 1000);
    if (operation === UPLOAD_OPERATION) {
      if (status === 200 || status === 201) metrics.uploads.inc({ outcome: 'accepted', reason: status === 201 ? 'stored' : 'repeat' });
      else metrics.uploads.inc({ outcome: 'refused', reason: refusals.get(request) ?? UPLOAD_REFUSALS[status] ?? 'error' });
    }
    done();
  });
}

function operationOf(request: FastifyRequest): string {
  const schema = request.routeOptions.schema as { operationId?: string } | undefined;
  return schema?.operationId ?? request.routeOptions.url ?? 'unmatched';
}
