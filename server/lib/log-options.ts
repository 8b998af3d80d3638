import type { FastifyServerOptions } from 'fastify';
import { errorForLog } from './error-log';

/** Query values that are secrets: reset links carry `token=`. */
const SECRET_PARAMS = /([?&](?:token|password|secret)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * Request logging that never writes a cookie, a password, a token or an authorization header:
 * headers are not logged at all, secret query values are masked in the URL, and errors never
 * carry a failed query's parameters.
 */
export function logOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent' && !stream) return false;
  return {
    level: level === 'silent' ? 'info' : level,
    stream,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      // Every `err` logged goes through here, whoever logs it (error handler, mailer, tagging).
      err: errorForLog,
      req(req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) {
        return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip ?? req.socket?.remoteAddress };
      },
    },
  };
}
