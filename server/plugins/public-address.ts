import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isScreenRequest } from './client';

/**
 * One address for the app: a page opened under another name (the `http://127.0.0.1:3000` or
 * LAN address a server prints, while `PUBLIC_URL` says `http://localhost:3000`) is sent to the
 * same path at `PUBLIC_URL`, where sign-up and every other write pass the same-origin rule
 * (plugins/same-origin.ts). Decision 030 says why a redirect and not a looser origin check.
 *
 * Only screens are sent on (a GET or HEAD the client router answers): the API, uploads and
 * assets answer under any name, so a script or a balancer's health check is never redirected. A request that came through a proxy (any
 * `X-Forwarded-*`, `Forwarded`, `X-Real-IP` or `Via` header) is left alone, so a proxy that
 * rewrites `Host` cannot make the app redirect to itself for ever; `REDIRECT_TO_PUBLIC_URL=off`
 * turns the rule off.
 */
export function registerPublicAddress(app: FastifyInstance, opts: { config: { publicUrl: string; redirectToPublicUrl: boolean } }): void {
  if (!opts.config.redirectToPublicUrl) return;
  app.addHook('onRequest', (request, reply, done) => {
    const target = elsewhere(request, opts.config.publicUrl);
    if (!target) return done();
    reply.header('cache-control', 'no-store').redirect(target, 302);
  });
}

const PROXY_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded', 'x-real-ip', 'via'];

/** The same path at PUBLIC_URL when this page request named another host, else null. */
export function elsewhere(request: FastifyRequest, publicUrl: string): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const host = request.headers.host;
  // Most requests name the public host: answered before anything is parsed.
  if (!host || host.toLowerCase() === addressOf(publicUrl).host) return null;
  if (!isScreenRequest(request.url, request.headers.accept)) return null;
  if (PROXY_HEADERS.some((h) => request.headers[h] !== undefined)) return null;
  return `${addressOf(publicUrl).origin}${request.url}`;
}

let parsed = { url: '', host: '', origin: '' };
/** PUBLIC_URL's host (lower case) and origin, parsed again only when it changes. */
function addressOf(publicUrl: string): { host: string; origin: string } {
  if (parsed.url !== publicUrl) {
    const url = new URL(publicUrl);
    parsed = { url: publicUrl, host: url.host.toLowerCase(), origin: url.origin };
  }
  return parsed;
}

/**
 * The refusal of a write from one of our own pages opened under another address (the browser
 * says `same-origin`, but its Origin is not PUBLIC_URL's): it names the address to open.
 */
export function wrongAddressMessage(request: FastifyRequest, publicOrigin: string): string | null {
  const origin = request.headers.origin;
  if (request.headers['sec-fetch-site'] !== 'same-origin' || !origin || origin === publicOrigin) return null;
  return `This page is open at ${origin}, but Kaleido's address is ${publicOrigin}: open ${publicOrigin} and try again`;
}
