import type { FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '../../../contract/api';
import type { Config } from '../../config';
import { SESSION_COOKIE } from '../../plugins/session';
import type { SignInService } from '../account-security/sign-in.service';
import type { UserRow } from '../users/users.repo';
import { createDeviceCookie, DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, readDeviceCookie } from './device-cookie';
import type { SessionsRepo } from './sessions.repo';

type Deps = { config: Config; signIn: SignInService; sessions: SessionsRepo; secret: Buffer };

/**
 * The end of every way in (sign-up, password, second factor, passkey, single sign-on): a new
 * session cookie (rotated: the one the browser carried before is ended) and, for a browser
 * without one, this account's device cookie.
 */
export function createSignInReply(d: Deps) {
  /** Only the sign-in calls read it (`/api/login` and below): no other request carries it. */
  function setDeviceCookie(reply: FastifyReply, value: string): void {
    reply.setCookie(DEVICE_COOKIE, value, {
      path: endpoints.logIn.path,
      httpOnly: true,
      sameSite: 'strict',
      secure: d.config.publicUrl.startsWith('https://'),
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  }

  return async function signInReply(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<UserRow> {
    const presentedDevice = readDeviceCookie(d.secret, request.cookies[DEVICE_COOKIE], user.id);
    const issued = presentedDevice ? null : createDeviceCookie(d.secret, user.id);
    const session = await d.signIn.start(user, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      presentedDevice,
      issuedDevice: issued ? readDeviceCookie(d.secret, issued, user.id) : null,
    });
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await d.sessions.delete(previous);
    reply.setSessionCookie(session.token);
    if (issued) setDeviceCookie(reply, issued);
    return session.user;
  };
}
export type SignInReply = ReturnType<typeof createSignInReply>;
