import type { FastifyInstance } from 'fastify';
import { ForbiddenError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
export function registerSecurity(app: FastifyInstance, opts: { publicUrl: string; adClient: string | null }): void {
  const csp = contentSecurityPolicy(opts.adClient);
  const publicOrigin = new URL(opts.publicUrl).origin;

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (origin) {
      const own = `${request.protocol}://${request.host}`;
      if (origin !== publicOrigin && origin !== own) throw new ForbiddenError('Cross-site request refused');
    } else if (site === 'cross-site') {
      throw new ForbiddenError('Cross-site request refused');
    }
  });

  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    reply.header('cross-origin-opener-policy', 'same-origin');
  });
}
