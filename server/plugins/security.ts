import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../lib/errors';
import { wrongAddressMessage } from './public-address';
import { isSameOrigin, originOf } from './same-origin';

const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";
/** Methods that change nothing: no same-origin check, no write budget. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

function contentSecurityPolicy(adClient: string | null): string {
  const ads = adClient ? ' https://pagead2.googlesyndication.com' : '';
  return [
    "default-src 'self'",
    `script-src 'self'${ads}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self'${ads}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every answer, and the same-origin rule for state-changing requests:
 * a browser names the page's origin in `Origin` (or says `Sec-Fetch-Site: cross-site`), so a
 * form or script on another site cannot act with a member's cookie.
 */
export function registerSecurity(app: FastifyInstance, opts: { config: { publicUrl: string }; adClient: string | null }): void {
  const csp = contentSecurityPolicy(opts.adClient);
  const headers = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'cross-origin-opener-policy': 'same-origin',
  };
  // A JSON answer is never a document: what only a page reads (its sources, referrer, features,
  // opener) is left off, and its policy lets nothing load should a browser open it.
  const jsonHeaders = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' };

  // A synchronous hook with `done`: safe methods, most of the traffic, pay one Set lookup.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const publicOrigin = originOf(opts.config.publicUrl);
    if (isSameOrigin(request, publicOrigin)) return done();
    done(new ForbiddenError(wrongAddressMessage(request, publicOrigin) ?? crossSiteRefused));
  });

  app.addHook('onSend', (_request, reply, payload, done) => {
    const json = String(reply.getHeader('content-type')).startsWith('application/json');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', json ? JSON_CSP : csp);
    reply.headers(json ? jsonHeaders : headers);
    done(null, payload);
  });
}

export const crossSiteRefused = 'Cross-site request refused';

/** For the one GET that changes state (`/api/logout`, a link the spec keeps). */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string): void {
  if (!isSameOrigin(request, originOf(publicUrl))) throw new ForbiddenError(crossSiteRefused);
}
