import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authMessages, forgotPasswordBody, loginBody, publicConfig, registerBody, resetPasswordBody, resetTokenQuery,
  resetTokenStatus, usernameCheckResponse, usernameField, waitlistedResponse,
} from '../../../contract/auth';
import { errorResponse, messageResponse, text } from '../../../contract/common';
import { currentUser } from '../../../contract/users';
import type { Config } from '../../config';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import type { AuthThrottle } from './auth.throttle';
import { createDeviceCookie, DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, readDeviceCookie } from './device-cookie';
import { toCurrentUser } from '../users/users.presenter';
import type { AuthService } from './auth.service';
import type { SessionsRepo } from './sessions.repo';
import { SESSION_COOKIE } from '../../plugins/session';
import { assertSameOrigin } from '../../plugins/security';

/** `secret` signs device cookies (device-cookie.ts). */
type Deps = { config: Config; auth: AuthService; sessions: SessionsRepo; throttle: AuthThrottle; secret: Buffer };

const tags = ['auth'];

export async function authRoutes(app: FastifyInstance, d: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/config', { schema: { tags, response: { 200: publicConfig } } }, async () => ({
    registration: d.config.registration,
    adClient: d.config.adClient,
  }));

  r.get('/api/user', { schema: { tags, response: { 200: currentUser, 401: errorResponse } } }, async (request, reply) => {
    if (!request.user) return reply.status(401).send({ message: 'Unauthorized' });
    return toCurrentUser(request.user);
  });

  r.post(
    '/api/register',
    { schema: { tags, body: registerBody, response: { 201: currentUser, 202: waitlistedResponse, 400: errorResponse, 409: errorResponse, 429: errorResponse } } },
    async (request, reply) => {
      await d.throttle.register(request.ip);
      const result = await d.auth.register(request.body);
      if ('waitlisted' in result) return reply.status(202).send({ waitlisted: true, message: authMessages.waitlisted });
      await endCurrentSession(request);
      reply.setSessionCookie(result.token);
      setDeviceCookie(reply, result.user.id);
      return reply.status(201).send(toCurrentUser(result.user));
    },
  );

  r.post(
    '/api/login',
    { schema: { tags, body: loginBody, response: { 200: currentUser, 401: errorResponse, 403: errorResponse, 429: errorResponse } } },
    async (request, reply) => {
      const found = await d.auth.findAccount(request.body.emailOrUsername);
      const device = found.user ? readDeviceCookie(d.secret, request.cookies[DEVICE_COOKIE], found.user.id) : null;
      const attempt = await d.throttle.beforeLogin(request.ip, found.key, device);
      const session = await d.auth.login(found, request.body.password).catch(async (err) => {
        if (err instanceof UnauthorizedError) await d.throttle.loginFailed(attempt);
        // A pending or rejected account gave the right password: not a guess.
        else if (err instanceof ForbiddenError) await d.throttle.loginNotAGuess(attempt);
        throw err;
      });
      await d.throttle.loginSucceeded(attempt);
      // Rotated at login: whatever session the browser carried before is ended.
      await endCurrentSession(request);
      reply.setSessionCookie(session.token);
      if (!device) setDeviceCookie(reply, session.user.id);
      return toCurrentUser(session.user);
    },
  );

  r.get('/api/login', { schema: { tags } }, async (_request, reply) => reply.redirect('/auth?tab=login'));

  r.get('/api/logout', { schema: { tags } }, async (request, reply) => {
    // A link on another site must not sign the member out: only our pages or a typed address.
    assertSameOrigin(request, d.config.publicUrl);
    await endCurrentSession(request);
    reply.clearSessionCookie();
    return reply.redirect('/');
  });

  r.post('/api/logout', { schema: { tags, response: { 200: messageResponse } } }, async (request, reply) => {
    await endCurrentSession(request);
    reply.clearSessionCookie();
    return { message: 'Logged out' };
  });

  r.get(
    '/api/username/check/:username',
    { schema: { tags, params: z.object({ username: text().max(100) }), response: { 200: usernameCheckResponse, 429: errorResponse } } },
    async (request) => {
      // Every check spends: the answer tells whether an account exists.
      await d.throttle.usernameCheck(request.ip);
      const parsed = usernameField.safeParse(request.params.username);
      if (!parsed.success) return { available: false, message: parsed.error.issues[0].message };
      return d.auth.usernameStatus(parsed.data);
    },
  );

  r.post(
    '/api/auth/forgot-password',
    { schema: { tags, body: forgotPasswordBody, response: { 200: messageResponse, 429: errorResponse } } },
    async (request) => {
      if (await d.throttle.forgotPassword(request.ip, request.body.email)) await d.auth.forgotPassword(request.body.email);
      return { message: authMessages.forgotPasswordSent };
    },
  );

  r.get(
    '/api/auth/reset-password/validate',
    { schema: { tags, querystring: resetTokenQuery, response: { 200: resetTokenStatus, 429: errorResponse } } },
    async (request) => {
      // A token check like the others: a bad token spends the address's budget, a good one gives it back.
      await d.throttle.beforeReset(request.ip);
      const valid = await d.auth.isResetTokenValid(request.query.token);
      if (valid) await d.throttle.resetSucceeded(request.ip);
      return { valid };
    },
  );

  r.post(
    '/api/auth/reset-password',
    { schema: { tags, body: resetPasswordBody, response: { 200: messageResponse, 400: errorResponse, 429: errorResponse } } },
    async (request) => {
      await d.throttle.beforeReset(request.ip);
      await d.auth.resetPassword(request.body.token, request.body.password, request.sessionId ?? undefined);
      await d.throttle.resetSucceeded(request.ip);
      return { message: authMessages.passwordReset };
    },
  );

  /** Only the sign-in call reads it: no other request carries it. */
  function setDeviceCookie(reply: FastifyReply, userId: number): void {
    reply.setCookie(DEVICE_COOKIE, createDeviceCookie(d.secret, userId), {
      path: '/api/login',
      httpOnly: true,
      sameSite: 'strict',
      secure: d.config.publicUrl.startsWith('https://'),
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  }

  async function endCurrentSession(request: FastifyRequest): Promise<void> {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await d.sessions.delete(token);
  }
}
