import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { SsoOutcome } from '../../../contract/account-security';
import { endpoints } from '../../../contract/api';
import type { Config } from '../../config';
import type { AuthService } from '../auth/auth.service';
import type { SessionsRepo } from '../auth/sessions.repo';
import type { UserRow } from '../users/users.repo';
import type { Users } from '../users/user-writes';
import type { AuthFlowsRepo } from './auth-flows.repo';
import { usernameBase, usernameCandidates } from './free-username';
import type { OidcIdentitiesRepo } from './oidc-identities.repo';

/** An OpenID round trip: the member has this long at the provider. */
export const SSO_FLOW_MS = 10 * 60 * 1000;
/** A single sign-on waiting for the password sign-in that links it. */
export const SSO_LINK_MS = 15 * 60 * 1000;

export type SsoIntent = 'signin' | 'reauth';

/** What the callback does next: sign in, ask for the password that links, or say why not. */
export type SsoResult =
  | { kind: 'signin'; user: UserRow }
  | { kind: 'link'; token: string }
  | { kind: 'reauthenticated' }
  | { kind: 'refused'; outcome: SsoOutcome };

type Deps = {
  config: Config;
  flows: AuthFlowsRepo;
  identities: OidcIdentitiesRepo;
  users: Users;
  auth: AuthService;
  sessions: SessionsRepo;
  log: FastifyBaseLogger;
};

type FlowData = { state: string; nonce: string; verifier: string; intent: SsoIntent };

/**
 * Single sign-on with an OpenID Connect provider (openid-client; docs/decisions/034): the
 * authorization code flow with PKCE (S256), state and nonce, each bound to the browser by the
 * `kaleido_sso` cookie. The provider's discovery document is read at the first use, and again
 * after a failure.
 */
export function createOidcService(d: Deps) {
  const settings = d.config.oidc;
  let discovered: Promise<oidc.Configuration> | null = null;

  function configuration(): Promise<oidc.Configuration> {
    if (!settings) throw new Error('single sign-on is not configured');
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret ?? undefined,
        settings.clientSecret ? undefined : oidc.None(),
        { execute: settings.allowHttp ? [oidc.allowInsecureRequests] : [], timeout: 10 },
      )
      .catch((err) => {
        discovered = null;
        throw err;
      });
    return discovered;
  }

  const redirectUri = () => `${d.config.publicUrl}${endpoints.finishSso.path}`;

  async function claimsOf(config: oidc.Configuration, currentUrl: URL, flow: FlowData) {
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims()!;
    // Providers put email and profile in the ID token or only at the userinfo endpoint: both are read.
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    return { ...info, ...idClaims };
  }

  return {
    enabled: settings !== null,
    name: settings?.name ?? null,

    /** The provider's address to send the browser to, and the token of the flow's cookie. */
    async start(intent: SsoIntent, signedIn: { userId: number; sessionId: number } | null): Promise<{ url: string; token: string }> {
      const config = await configuration();
      const flow: FlowData = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier(), intent };
      const token = await d.flows.create({ purpose: 'oidc', ttlMs: SSO_FLOW_MS, userId: signedIn?.userId, sessionId: signedIn?.sessionId, data: flow });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(),
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
        ...(intent === 'reauth' ? { prompt: 'login', max_age: '0' } : {}),
      });
      return { url: url.href, token };
    },

    /** The provider sent the browser back to `callbackUrl` with the flow's cookie `token`. */
    async finish(token: string | undefined, callbackUrl: URL): Promise<SsoResult> {
      const row = await d.flows.consume(token, 'oidc');
      if (!row) return { kind: 'refused', outcome: 'failed' };
      const flow = row.data as FlowData;
      let claims: Awaited<ReturnType<typeof claimsOf>>;
      try {
        claims = await claimsOf(await configuration(), callbackUrl, flow);
      } catch (err) {
        // State or nonce mismatch, a refused code, a provider error: all the member sees is "failed".
        d.log.warn({ err: { name: (err as Error).name, message: (err as Error).message } }, 'single sign-on refused');
        return { kind: 'refused', outcome: 'failed' };
      }
      const issuer = settings!.issuer;
      const identity = await d.identities.find(issuer, claims.sub);

      if (flow.intent === 'reauth') {
        if (!identity || identity.userId !== row.userId || !row.sessionId) return { kind: 'refused', outcome: 'failed' };
        await d.sessions.markVerified(row.sessionId);
        return { kind: 'reauthenticated' };
      }
      if (identity) {
        const user = await d.users.findById(identity.userId);
        return user ? { kind: 'signin', user } : { kind: 'refused', outcome: 'failed' };
      }

      // Anything keyed by email needs the provider to vouch for it: an unverified one could be anyone's.
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      if (!email || claims.email_verified !== true) return { kind: 'refused', outcome: 'unverified' };
      const existing = await d.users.findByEmail(email);
      if (existing) {
        const linkToken = await d.flows.create({ purpose: 'oidc-link', ttlMs: SSO_LINK_MS, userId: existing.id, data: { issuer, subject: claims.sub, email } });
        return { kind: 'link', token: linkToken };
      }
      const created = await d.auth.registerFromProvider({
        email,
        usernames: usernameCandidates(usernameBase(claims)),
        firstName: typeof claims.given_name === 'string' ? claims.given_name.slice(0, 60) : null,
        lastName: typeof claims.family_name === 'string' ? claims.family_name.slice(0, 60) : null,
        reason: `Joined with ${settings!.name}`,
      });
      await d.identities.link(created.user.id, issuer, claims.sub, email);
      return created.waitlisted ? { kind: 'refused', outcome: 'waitlisted' } : { kind: 'signin', user: created.user };
    },

    /** After a password sign-in: links the single sign-on that was waiting for it, when it names this member. */
    async completeLink(token: string | undefined, userId: number): Promise<boolean> {
      const row = await d.flows.consume(token, 'oidc-link');
      if (!row || row.userId !== userId) return false;
      const data = row.data as { issuer: string; subject: string; email: string };
      return d.identities.link(userId, data.issuer, data.subject, data.email);
    },

    isLinked: (userId: number) => (settings ? d.identities.isLinked(userId, settings.issuer) : Promise.resolve(false)),
    unlink: (userId: number) => (settings ? d.identities.unlink(userId, settings.issuer) : Promise.resolve(false)),
  };
}
export type OidcService = ReturnType<typeof createOidcService>;
