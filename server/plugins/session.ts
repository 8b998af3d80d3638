import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_TTL_MS } from '../../contract/limits';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import type { CachedSessions } from '../modules/auth/session-cache';
import type { SessionsRepo } from '../modules/auth/sessions.repo';
import type { UserRow } from '../modules/users/users.repo';
import { isProbe } from '../operations/health';

export const SESSION_COOKIE = 'kaleido_session';
/** A session's "last seen" (Settings → devices) is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: number | null;
  }
}

/** Loads the member behind the session cookie once per request; routes read `request.user`. */
export const sessionPlugin = fp<{ sessions: SessionsRepo & Partial<Pick<CachedSessions, 'held'>>; secureCookies: boolean }>(async (app, opts) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  // Callback style: a request without a cookie (visitors, assets) makes no promise at all.
  app.addHook('onRequest', (request, reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    // The probes need no member: a cookie sent to them costs no lookup.
    if (!token || isProbe(request)) return done();
    // A cookie of an ended or expired session is cleared, so the browser stops sending it and
    // each of its next requests (thumbnails included) skips the lookup.
    if (token.length > 100) {
      reply.clearSessionCookie();
      return done();
    }
    // Held in memory and seen lately (most requests of a signed-in member): no promise at all.
    const held = opts.sessions.held?.(token);
    if (held && !dueForTouch(held.sessionId, held.lastSeenAt)) {
      admit(request, reply, held);
      return done();
    }
    opts.sessions.findUser(token).then(async (found) => {
      if (admit(request, reply, found) && dueForTouch(found.sessionId, found.lastSeenAt.getTime())) await touch(found.sessionId);
    }).then(() => done(), done);
  });
  /** The member of an active session becomes `request.user`; any other cookie is cleared. */
  function admit<T extends { sessionId: number; user: UserRow }>(request: FastifyRequest, reply: FastifyReply, found: T | null | undefined): found is T {
    if (found?.user.status !== 'active') {
      reply.clearSessionCookie();
      return false;
    }
    request.user = found.user;
    request.sessionId = found.sessionId;
    return true;
  }
  // This process's last writes, so a cached session (whose lastSeenAt is as old as its copy) is not written again at once.
  const touched = new Map<number, number>();
  const dueForTouch = (sessionId: number, lastSeenAt: number) => Date.now() - Math.max(lastSeenAt, touched.get(sessionId) ?? 0) >= TOUCH_EVERY_MS;
  async function touch(sessionId: number): Promise<void> {
    if (touched.size >= 10_000) touched.clear();
    touched.set(sessionId, Date.now());
    await opts.sessions.touch(sessionId);
  }
  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string) {
    this.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secureCookies,
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    this.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.secureCookies });
  });
});

declare module 'fastify' {
  interface FastifyReply {
    setSessionCookie(token: string): void;
    clearSessionCookie(): void;
  }
}

/** The signed-in member, or a 401 the client turns into its 'Unauthorized' toast. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}

/** An admin (admin endpoints answer 403 to everyone else, 401 when signed out). */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isAdmin) throw new ForbiddenError('Admins only');
  return user;
}
