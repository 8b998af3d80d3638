import type { FastifyReply } from 'fastify';
import { endpoints } from '../../../contract/api';

const LOGIN = endpoints.logIn.path;
/** The start and the callback of single sign-on, and nothing else. */
const SSO = endpoints.startSso.path.replace(/\/start$/, '');

/**
 * The cookies that bind a sign-in step to the browser that started it (docs/decisions/034).
 * httpOnly, sent only to the calls that finish the step. `kaleido_sso` is Lax: the provider
 * sends the browser back with a top-level navigation from its own site, which Strict would not
 * carry; the others are Strict.
 */
export const flowCookies = {
  /** A password waiting for its second factor. */
  twoFactor: { name: 'kaleido_2fa', path: LOGIN, sameSite: 'strict' },
  /** A passkey sign-in's challenge. */
  passkey: { name: 'kaleido_passkey', path: LOGIN, sameSite: 'strict' },
  /** A single sign-on account waiting to be linked by the next password sign-in. */
  ssoLink: { name: 'kaleido_sso_link', path: LOGIN, sameSite: 'strict' },
  /** An OpenID round trip: state, nonce and PKCE verifier. */
  sso: { name: 'kaleido_sso', path: SSO, sameSite: 'lax' },
} as const;
export type FlowCookie = (typeof flowCookies)[keyof typeof flowCookies];

export function setFlowCookie(reply: FastifyReply, cookie: FlowCookie, token: string, maxAgeMs: number, secure: boolean): void {
  reply.setCookie(cookie.name, token, { path: cookie.path, httpOnly: true, sameSite: cookie.sameSite, secure, maxAge: Math.floor(maxAgeMs / 1000) });
}

export function clearFlowCookie(reply: FastifyReply, cookie: FlowCookie, secure: boolean): void {
  reply.clearCookie(cookie.name, { path: cookie.path, httpOnly: true, sameSite: cookie.sameSite, secure });
}
