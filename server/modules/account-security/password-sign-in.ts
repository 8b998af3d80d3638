import type { FastifyReply, FastifyRequest } from 'fastify';
import { securityMessages as m, TWO_FACTOR_PENDING_MS } from '../../../contract/account-security';
import type { Config } from '../../config';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import type { AuthThrottle } from '../auth/auth.throttle';
import { accountKey, type AuthService } from '../auth/auth.service';
import { DEVICE_COOKIE, readDeviceCookie } from '../auth/device-cookie';
import type { SignInReply } from '../auth/sign-in-reply';
import type { UserRow } from '../users/users.repo';
import type { Users } from '../users/user-writes';
import type { AuthFlowsRepo } from './auth-flows.repo';
import { clearFlowCookie, flowCookies, setFlowCookie } from './flow-cookies';
import type { OidcService } from './oidc.service';
import type { TwoFactorService } from './two-factor.service';

/** Wrong codes one pending sign-in may take before the password must be typed again. */
const CODE_ATTEMPTS = 5;

type Deps = {
  config: Config;
  auth: Pick<AuthService, 'findAccount' | 'checkPassword'>;
  flows: AuthFlowsRepo;
  twoFactor: TwoFactorService;
  oidc: OidcService;
  users: Users;
  throttle: AuthThrottle;
  signIn: SignInReply;
  secret: Buffer;
};

/**
 * A sign-in by password, and its second step when the account has two-factor on
 * (docs/decisions/034): the right password then answers `{ twoFactorRequired: true }` with no
 * session, only a cookie naming the pending sign-in, which `POST /api/login/2fa` completes with
 * a code within 5 minutes. A pending sign-in is not a session: no member endpoint accepts it.
 */
export function createPasswordSignIn(d: Deps) {
  const secure = () => d.config.publicUrl.startsWith('https://');

  async function finish(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<UserRow> {
    // A single sign-on waiting for this member's password is linked now (and only by a password).
    const link = request.cookies[flowCookies.ssoLink.name];
    if (link) {
      await d.oidc.completeLink(link, user.id);
      clearFlowCookie(reply, flowCookies.ssoLink, secure());
    }
    return d.signIn(request, reply, user);
  }

  /** True when the account asks a code too: the browser then holds the pending sign-in's cookie. */
  async function holdBack(user: UserRow, reply: FastifyReply): Promise<boolean> {
    if (!(await d.twoFactor.isEnabled(user.id))) return false;
    const token = await d.flows.create({ purpose: 'two-factor', ttlMs: TWO_FACTOR_PENDING_MS, userId: user.id });
    setFlowCookie(reply, flowCookies.twoFactor, token, TWO_FACTOR_PENDING_MS, secure());
    return true;
  }

  return {
    /** `POST /api/login`: the signed-in member, or null when the account asks a code too (held back). */
    async logIn(request: FastifyRequest, reply: FastifyReply, body: { emailOrUsername: string; password: string }): Promise<UserRow | null> {
      const found = await d.auth.findAccount(body.emailOrUsername);
      const device = found.user ? readDeviceCookie(d.secret, request.cookies[DEVICE_COOKIE], found.user.id) : null;
      const attempt = await d.throttle.beforeLogin(request.ip, found.key, device);
      const user = await d.auth.checkPassword(found, body.password).catch(async (err) => {
        if (err instanceof UnauthorizedError) await d.throttle.loginFailed(attempt);
        // A pending or rejected account gave the right password: not a guess.
        else if (err instanceof ForbiddenError) await d.throttle.loginNotAGuess(attempt);
        throw err;
      });
      // The attempt's points stay spent until the code is right too: a password alone earns nothing.
      if (await holdBack(user, reply)) return null;
      await d.throttle.loginSucceeded(attempt);
      return finish(request, reply, user);
    },

    finish,

    /** `POST /api/login/2fa`: a wrong code counts against the sign-in throttle like a wrong password. */
    async finishWithCode(request: FastifyRequest, reply: FastifyReply, code: string): Promise<UserRow> {
      const token = request.cookies[flowCookies.twoFactor.name];
      const pending = await d.flows.find(token, 'two-factor');
      const user = pending?.userId ? await d.users.findById(pending.userId) : null;
      if (!pending || !user) {
        clearFlowCookie(reply, flowCookies.twoFactor, secure());
        throw new UnauthorizedError(m.twoFactorExpired);
      }
      const device = readDeviceCookie(d.secret, request.cookies[DEVICE_COOKIE], user.id);
      const attempt = await d.throttle.beforeLogin(request.ip, accountKey(user.id), device);
      if (!(await d.twoFactor.verify(user.id, code))) {
        if ((await d.flows.countAttempt(pending.id)) >= CODE_ATTEMPTS) {
          await d.flows.delete(pending.id);
          clearFlowCookie(reply, flowCookies.twoFactor, secure());
        }
        await d.throttle.loginFailed(attempt);
        throw new UnauthorizedError(m.invalidCode);
      }
      // Used once: of two requests with right codes, one signs in.
      if (!(await d.flows.consume(token, 'two-factor'))) throw new UnauthorizedError(m.twoFactorExpired);
      clearFlowCookie(reply, flowCookies.twoFactor, secure());
      await d.throttle.loginSucceeded(attempt);
      return finish(request, reply, user);
    },
  };
}
export type PasswordSignIn = ReturnType<typeof createPasswordSignIn>;
