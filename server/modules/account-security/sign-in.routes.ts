import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SsoOutcome } from '../../../contract/account-security';
import type { signInEndpoints } from '../../../contract/api/account-security';
import { authMessages } from '../../../contract/auth';
import { screens } from '../../../contract/screens';
import type { Config } from '../../config';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { HandlersFor } from '../../plugins/endpoints';
import type { AuthThrottle } from '../auth/auth.throttle';
import type { SignInReply } from '../auth/sign-in-reply';
import { toCurrentUser } from '../users/users.presenter';
import { clearFlowCookie, flowCookies, setFlowCookie } from './flow-cookies';
import { SSO_FLOW_MS, SSO_LINK_MS, type OidcService } from './oidc.service';
import { PASSKEY_CHALLENGE_MS, type PasskeysService } from './passkeys.service';
import type { PasswordSignIn } from './password-sign-in';

type Deps = {
  config: Config;
  passkeys: PasskeysService;
  oidc: OidcService;
  throttle: AuthThrottle;
  passwordSignIn: PasswordSignIn;
  signIn: SignInReply;
};

const refusedOutcome: Record<string, SsoOutcome> = { [authMessages.pendingApproval]: 'pending', [authMessages.rejected]: 'rejected' };

/**
 * The ways in besides a password alone (docs/decisions/034): its second factor, passkeys and
 * single sign-on. The single sign-on callback only ever redirects to the app's own screens,
 * chosen here, never to an address the request names.
 */
export function signInHandlers(d: Deps): HandlersFor<typeof signInEndpoints> {
  const secure = () => d.config.publicUrl.startsWith('https://');
  const toLogin = (reply: FastifyReply, outcome: SsoOutcome) => reply.redirect(screens.auth({ tab: 'login', sso: outcome }));

  /** A sign-in by single sign-on: a waitlisted or rejected account is told so on the sign-in screen. */
  async function ssoSignIn(request: FastifyRequest, reply: FastifyReply, user: Parameters<SignInReply>[2]) {
    try {
      await d.signIn(request, reply, user);
    } catch (err) {
      if (err instanceof ForbiddenError && refusedOutcome[err.message]) return toLogin(reply, refusedOutcome[err.message]);
      throw err;
    }
    await d.throttle.keySignInSucceeded(request.ip);
    return reply.redirect(screens.home());
  }

  return {
    logInTwoFactor: async (request, reply) => toCurrentUser(await d.passwordSignIn.finishWithCode(request, reply, request.body.code)),

    passkeyLoginOptions: async (request, reply) => {
      await d.throttle.beforeKeySignIn(request.ip);
      const { options, token } = await d.passkeys.startSignIn();
      setFlowCookie(reply, flowCookies.passkey, token, PASSKEY_CHALLENGE_MS, secure());
      return options;
    },

    /** A passkey proves the member alone: no second factor follows. */
    logInWithPasskey: async (request, reply) => {
      const flowToken = request.cookies[flowCookies.passkey.name];
      clearFlowCookie(reply, flowCookies.passkey, secure());
      const user = await d.passkeys.finishSignIn(flowToken, request.body.response as unknown as AuthenticationResponseJSON);
      const signedIn = await d.signIn(request, reply, user);
      await d.throttle.keySignInSucceeded(request.ip);
      return toCurrentUser(signedIn);
    },

    startSso: async (request, reply) => {
      if (!d.oidc.enabled) throw new NotFoundError();
      const reauth = request.query.intent === 'reauth';
      if (reauth && (!request.user || !request.sessionId)) return toLogin(reply, 'failed');
      await d.throttle.beforeKeySignIn(request.ip);
      let started;
      try {
        started = await d.oidc.start(request.query.intent, reauth ? { userId: request.user!.id, sessionId: request.sessionId! } : null);
      } catch (err) {
        request.log.error({ err: { name: (err as Error).name, message: (err as Error).message } }, 'single sign-on provider unreachable');
        return toLogin(reply, 'unavailable');
      }
      setFlowCookie(reply, flowCookies.sso, started.token, SSO_FLOW_MS, secure());
      return reply.redirect(started.url);
    },

    finishSso: async (request, reply) => {
      if (!d.oidc.enabled) return toLogin(reply, 'failed');
      const token = request.cookies[flowCookies.sso.name];
      clearFlowCookie(reply, flowCookies.sso, secure());
      // The URL as the provider was told it (PUBLIC_URL), with the query it sent back.
      const result = await d.oidc.finish(token, new URL(request.url, d.config.publicUrl));
      switch (result.kind) {
        case 'signin':
          return ssoSignIn(request, reply, result.user);
        case 'link':
          setFlowCookie(reply, flowCookies.ssoLink, result.token, SSO_LINK_MS, secure());
          return toLogin(reply, 'link');
        case 'reauthenticated':
          return reply.redirect(screens.settings('security'));
        case 'refused':
          return toLogin(reply, result.outcome);
      }
    },
  };
}
