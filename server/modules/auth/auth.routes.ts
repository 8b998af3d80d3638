import type { FastifyRequest } from 'fastify';
import type { authEndpoints } from '../../../contract/api/auth';
import { authMessages, usernameField } from '../../../contract/auth';
import { screens } from '../../../contract/screens';
import type { Config } from '../../config';
import type { HandlersFor } from '../../plugins/endpoints';
import type { AuthThrottle } from './auth.throttle';
import { toCurrentUser } from '../users/users.presenter';
import type { AuthService } from './auth.service';
import { SESSION_COOKIE } from '../../plugins/session';
import { assertSameOrigin } from '../../plugins/security';
import type { PasswordSignIn } from '../account-security/password-sign-in';
import type { SignInReply } from './sign-in-reply';

/**
 * `signIn` ends every way in; `passwordSignIn` signs in by password, holding back one whose
 * account has two-factor on (docs/decisions/034).
 */
type Deps = { config: Config; auth: AuthService; throttle: AuthThrottle; signIn: SignInReply; passwordSignIn: PasswordSignIn };

/** Sign-up, sign-in, the session and password reset. */
export function authHandlers(d: Deps): HandlersFor<typeof authEndpoints> {
  const endCurrentSession = (request: Pick<FastifyRequest, 'cookies'>) => d.auth.endSession(request.cookies[SESSION_COOKIE]);

  return {
    getConfig: async () => ({ registration: d.config.registration, adClient: d.config.adClient, ssoName: d.config.oidc?.name ?? null }),

    getCurrentUser: async (request, reply) => {
      if (!request.user) return reply.status(401).send({ message: 'Unauthorized' });
      return toCurrentUser(request.user);
    },

    register: async (request, reply) => {
      await d.throttle.register(request.ip);
      const result = await d.auth.register(request.body);
      if ('waitlisted' in result) return reply.status(202).send({ waitlisted: true, message: authMessages.waitlisted });
      return reply.status(201).send(toCurrentUser(await d.signIn(request, reply, result.user)));
    },

    logIn: async (request, reply) => {
      const user = await d.passwordSignIn.logIn(request, reply, request.body);
      return user ? toCurrentUser(user) : { twoFactorRequired: true as const };
    },

    openLogIn: async (_request, reply) => reply.redirect(screens.auth({ tab: 'login' })),

    logOutLink: async (request, reply) => {
      // A link on another site must not sign the member out: only our pages or a typed address.
      assertSameOrigin(request, d.config.publicUrl);
      await endCurrentSession(request);
      reply.clearSessionCookie();
      return reply.redirect(screens.home());
    },

    logOut: async (request, reply) => {
      await endCurrentSession(request);
      reply.clearSessionCookie();
      return { message: 'Logged out' };
    },

    checkUsername: async (request) => {
      // Every check spends: the answer tells whether an account exists.
      await d.throttle.usernameCheck(request.ip);
      const parsed = usernameField.safeParse(request.params.username);
      if (!parsed.success) return { available: false, message: parsed.error.issues[0].message };
      return d.auth.usernameStatus(parsed.data);
    },

    forgotPassword: async (request) => {
      if (await d.throttle.forgotPassword(request.ip, request.body.email)) await d.auth.forgotPassword(request.body.email);
      return { message: authMessages.forgotPasswordSent };
    },

    checkResetToken: async (request) => {
      // A token check like the others: a bad token spends the address's budget, a good one gives it back.
      await d.throttle.beforeReset(request.ip);
      const valid = await d.auth.isResetTokenValid(request.query.token);
      if (valid) await d.throttle.resetSucceeded(request.ip);
      return { valid };
    },

    resetPassword: async (request) => {
      await d.throttle.beforeReset(request.ip);
      const account = await d.auth.resetPassword(request.body.token, request.body.password, request.sessionId ?? undefined);
      // The mailbox's owner: this address signs in past a crowd's turns from now on.
      await d.throttle.resetSucceeded(request.ip, account);
      return { message: authMessages.passwordReset };
    },
  };
}
