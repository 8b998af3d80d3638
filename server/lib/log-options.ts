import type { FastifyServerOptions } from 'fastify';
import { endpoints } from '../../contract/api';
import { screenPaths } from '../../contract/screens';
import { errorForLog } from './error-log';

/** Query values that are secrets: reset links carry `token=`. */
const SECRET_PARAMS = /([?&](?:token|password|secret)=)[^&#]*/gi;
/** A pattern's part before its `:token`, as a regular expression: `api/invites`, `invite`. */
const beforeToken = (pattern: string) => pattern.slice(1, pattern.lastIndexOf('/:token')).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The calls' part before an invite's token: `api/invites` of `getInvite`, `acceptInvite`, `declineInvite`. */
const INVITE_CALLS = beforeToken(endpoints.getInvite.path);
/** The invite page's: `invite` of the `invite` screen. */
const INVITE_PAGE = beforeToken(screenPaths.invite);
/**
 * Path segments that are secrets: an invite link's token, in the page (`/invite/{token}`) and in
 * the calls (`getInvite`, `acceptInvite`, `declineInvite`). A notification's numeric id in
 * the same place is no secret and stays readable. Reset tokens only ever travel as `token=`.
 */
const SECRET_SEGMENTS = new RegExp(`(\\/(?:${INVITE_CALLS}|${INVITE_PAGE})\\/)(?!\\d+(?:[/?#]|$))[^/?#]+`, 'gi');

/** The URL as it may be logged: secret query values and path tokens masked. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]').replace(SECRET_SEGMENTS, '$1[redacted]');
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
