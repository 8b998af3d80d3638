import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_TTL_MS } from '../../contract/limits';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import type { SessionsRepo } from '../modules/auth/sessions.repo';
import type { UserRow } from '../modules/users/users.repo';

export const SESSION_COOKIE = 'kaleido_session';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: number | null;
  }
}

/** Loads the member behind the session cookie once per request; routes read `request.user`. */
export const sessionPlugin = fp<{ sessions: SessionsRepo; secureCookies: boolean }>(async (app, opts) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  // Callback style: a request without a cookie (visitors, assets) makes no promise at all.
  app.addHook('onRequest', (request, reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return done();
    // A cookie of an ended or expired session is cleared, so the browser stops sending it and
    // each of its next requests (thumbnails included) skips the lookup.
    if (token.length > 100) {
      reply.clearSessionCookie();
      return done();
    }
    opts.sessions.findUser(token).then((found) => {
      if (found && found.user.status === 'active') {
        request.user = found.user;
        request.sessionId = found.sessionId;
      } else reply.clearSessionCookie();
      done();
    }, done);
  });
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

/** An admin (DESIGN.md: admin endpoints answer 403 to everyone else, 401 when signed out). */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isAdmin) throw new ForbiddenError('Admins only');
  return user;
}
