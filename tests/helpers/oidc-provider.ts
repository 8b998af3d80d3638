import http from 'node:http';
import Provider from 'oidc-provider';
import type { AddressInfo } from 'node:net';

/** What `loadExistingGrant` reads of oidc-provider's request context. */
type GrantContext = {
  oidc: {
    provider: { Grant: new (init: { clientId: string; accountId: string }) => { addOIDCScope(scope: string): void; save(): Promise<string> } };
    client?: { clientId: string };
    session?: { accountId?: string };
  };
};

export type OidcAccount = { sub: string; email?: string; email_verified?: boolean; preferred_username?: string; given_name?: string; family_name?: string; name?: string };

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Starts answering as the provider once the app's address (and so its callback) is known. */
  listen(appUrl: string): Promise<void>;
  /** The account the next sign-in at the provider logs in as. */
  signInAs(account: OidcAccount): void;
  close(): Promise<void>;
};

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 for tests. Its sign-in page answers at
 * once for the account the test chose, and the consent is granted, so a test drives the whole
 * authorization code flow with HTTP requests. Its server is bound first (answering 503 until
 * `listen`): the app needs the issuer in its settings before the provider knows the app's callback
 * address, and a port only reserved could be taken by another test's server meanwhile.
 */
export async function createTestProvider(): Promise<TestProvider> {
  let handle: http.RequestListener = (_req, res) => res.writeHead(503).end('not started');
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'kaleido-test';
  const clientSecret = 'kaleido-test-secret-of-some-length';
  const accounts = new Map<string, OidcAccount>();
  let next: OidcAccount | null = null;

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      accounts.set(account.sub, account);
      next = account;
    },
    async listen(appUrl) {
      const provider = new Provider(issuer, {
        clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [`${appUrl}/api/auth/oidc/callback`], response_types: ['code'], grant_types: ['authorization_code'] }],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'given_name', 'family_name', 'name'] },
        features: { devInteractions: { enabled: false } },
        pkce: { required: () => true },
        findAccount: async (_ctx: unknown, sub: string) => {
          const account = accounts.get(sub);
          return account ? { accountId: sub, claims: async () => ({ ...account }) } : undefined;
        },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        // Consent is given: the test is about the app's side of the flow.
        loadExistingGrant: async (ctx: GrantContext) => {
          const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
      });
      provider.on('server_error', () => undefined);
      const callback = provider.callback();
      handle = (req, res) => {
        if (req.url?.startsWith('/interaction/')) {
          if (!next) return res.writeHead(400).end('no account chosen');
          void provider.interactionFinished(req, res, { login: { accountId: next.sub } }, { mergeWithLastSubmission: false });
          return;
        }
        callback(req, res);
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Follows the provider's redirects for a browser (its own cookie jar at the provider) from the
 * authorization URL until the provider sends it back to the app; answers that URL.
 */
export async function throughProvider(authorizationUrl: string, appUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(appUrl)) return url;
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} without a redirect: ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects at the provider');
}
