import type { FastifyInstance } from 'fastify';
import { redactUrl } from '../lib/log-options';

const SLOW_MS = 500;
/** pino's level numbers; any other level (`silent`, no logger) writes nothing. */
const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

/**
 * One log line per request, written when it ends, instead of Fastify's two (incoming and
 * completed) with a serialized request each. At `info`: writes, errors and slow answers, what
 * an operator reads; a quick successful read (most of the traffic) only at `debug`. The line
 * holds the method, the URL with secret query values masked, the status and the time: never
 * headers, so no cookie or token.
 */
export function registerRequestLog(app: FastifyInstance): void {
  // Its lines are `error` at the most: a logger that writes none of them (or none at all) costs
  // every request nothing here.
  if (!(LEVELS[app.log.level as keyof typeof LEVELS] <= LEVELS.error)) return;
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const quietRead = (request.method === 'GET' || request.method === 'HEAD') && status < 400 && ms < SLOW_MS;
    const level = status >= 500 ? 'error' : quietRead ? 'debug' : 'info';
    // Most answers are quick reads below the level: nothing is built for a line not written.
    if (LEVELS[level] >= (LEVELS[request.log.level as keyof typeof LEVELS] ?? Infinity)) request.log[level]({ method: request.method, url: redactUrl(request.url), status, ms: Math.round(ms) }, 'request');
    done();
  });
}
