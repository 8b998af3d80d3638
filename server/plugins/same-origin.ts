import type { FastifyRequest } from 'fastify';

/**
 * Whether a request comes from the app's own pages, judged against `PUBLIC_URL` (never the
 * `Host` header, which whoever sends the request chooses).
 *
 * - `Sec-Fetch-Site` is set by the browser and cannot be forged by a page: `same-origin` is
 *   our own page, `none` a member typing the address or opening a bookmark; `same-site` (a
 *   sibling subdomain) and `cross-site` are someone else's page.
 * - Browsers too old for `Sec-Fetch-Site` still send `Origin` on writes, and usually `Referer`
 *   on navigations: either, when present, must name our origin.
 * - A request with none of the three is not a browser acting for another site (curl, scripts,
 *   very old clients without cookies worth stealing): it is allowed.
 */
export function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return originMatches(request, publicOrigin, true);
  if (site) return false;
  return originMatches(request, publicOrigin, false);
}

function originMatches(request: FastifyRequest, publicOrigin: string, trustedSite: boolean): boolean {
  const origin = request.headers.origin;
  // Even with the browser's `same-origin`, an Origin must be PUBLIC_URL's: the app is served
  // under one address, and a page reached under another name is not that address.
  if (origin) return origin === publicOrigin;
  if (trustedSite) return true;
  const referer = request.headers.referer;
  if (referer) return refererOrigin(referer) === publicOrigin;
  return true;
}

function refererOrigin(referer: string): string | null {
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/** `PUBLIC_URL`'s origin, read at each call: tests and the bench set it once they listen. */
export function originOf(publicUrl: string): string {
  return new URL(publicUrl).origin;
}
