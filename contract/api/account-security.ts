import {
  codeBody, oidcCallbackQuery, oidcStartQuery, passkeyAuthenticationBody, passkeyDto, passkeyList, passkeyRegistrationBody,
  reauthenticateBody, reauthenticateResponse, recoveryCodesResponse, securityStatus, sessionList, twoFactorSetupResponse, webauthnOptions,
} from '../account-security';
import { errorResponse, idParam, messageResponse } from '../common';
import { endpoint } from '../endpoint';
import { currentUser } from '../users';

const tags = ['account security'] as const;
/** A change that can lock an owner out: it needs a recent sign-in (403 `{ reauthenticate: true }` otherwise). */
const sudo = { recentSignIn: true, budget: 'account' } as const;
const reauth = { 403: reauthenticateResponse };

/** Passkeys, two-factor codes, devices and the recent sign-in, for the signed-in member (docs/decisions/034). */
export const accountSecurityEndpoints = {
  getSecurityStatus: endpoint({ method: 'GET', path: '/api/user/security', tags, auth: 'member', responses: { 200: securityStatus } }),
  /** Proves the member again by password, or by a two-factor or recovery code. */
  reauthenticate: endpoint({
    method: 'POST', path: '/api/user/reauthenticate', tags, auth: 'member', throttled: true,
    body: reauthenticateBody, responses: { 200: securityStatus, 400: errorResponse, 401: errorResponse, 429: errorResponse },
  }),
  reauthenticatePasskeyOptions: endpoint({ method: 'POST', path: '/api/user/reauthenticate/passkey/options', tags, auth: 'member', responses: { 200: webauthnOptions, 400: errorResponse } }),
  reauthenticatePasskey: endpoint({
    method: 'POST', path: '/api/user/reauthenticate/passkey', tags, auth: 'member',
    body: passkeyAuthenticationBody, responses: { 200: securityStatus, 400: errorResponse },
  }),

  setUpTwoFactor: endpoint({ method: 'POST', path: '/api/user/2fa/setup', tags, auth: 'member', ...sudo, responses: { 200: twoFactorSetupResponse, 409: errorResponse, ...reauth } }),
  enableTwoFactor: endpoint({ method: 'POST', path: '/api/user/2fa/enable', tags, auth: 'member', ...sudo, body: codeBody, responses: { 200: recoveryCodesResponse, 400: errorResponse, 409: errorResponse, ...reauth } }),
  disableTwoFactor: endpoint({ method: 'POST', path: '/api/user/2fa/disable', tags, auth: 'member', ...sudo, body: codeBody, responses: { 200: messageResponse, 400: errorResponse, 409: errorResponse, ...reauth } }),
  /** New recovery codes (the old ones stop working); asks a current code like turning two-factor off. */
  regenerateRecoveryCodes: endpoint({ method: 'POST', path: '/api/user/2fa/recovery-codes', tags, auth: 'member', ...sudo, body: codeBody, responses: { 200: recoveryCodesResponse, 400: errorResponse, 409: errorResponse, ...reauth } }),

  listPasskeys: endpoint({ method: 'GET', path: '/api/user/passkeys', tags, auth: 'member', responses: { 200: passkeyList } }),
  passkeyRegistrationOptions: endpoint({ method: 'POST', path: '/api/user/passkeys/options', tags, auth: 'member', ...sudo, responses: { 200: webauthnOptions, ...reauth } }),
  addPasskey: endpoint({ method: 'POST', path: '/api/user/passkeys', tags, auth: 'member', ...sudo, body: passkeyRegistrationBody, responses: { 201: passkeyDto, 400: errorResponse, 409: errorResponse, ...reauth } }),
  removePasskey: endpoint({ method: 'DELETE', path: '/api/user/passkeys/:id', tags, auth: 'member', ...sudo, params: idParam, responses: { 200: messageResponse, 404: errorResponse, ...reauth } }),

  /** Unlinks the single sign-on account (refused when it is the only way in). */
  unlinkSso: endpoint({ method: 'DELETE', path: '/api/user/sso', tags, auth: 'member', ...sudo, responses: { 200: messageResponse, 404: errorResponse, 409: errorResponse, ...reauth } }),

  listSessions: endpoint({ method: 'GET', path: '/api/user/sessions', tags, auth: 'member', responses: { 200: sessionList } }),
  /** Ends one of the member's sessions (its live streams end too, on every process). */
  endSession: endpoint({ method: 'DELETE', path: '/api/user/sessions/:id', tags, auth: 'member', budget: 'sessions', security: true, params: idParam, responses: { 200: messageResponse, 404: errorResponse } }),
  /** "Sign out everywhere else": every session but this one. */
  endOtherSessions: endpoint({ method: 'DELETE', path: '/api/user/sessions', tags, auth: 'member', budget: 'sessions', security: true, responses: { 200: messageResponse } }),
};

/** The sign-in steps beyond the password: the second factor, passkeys and single sign-on; every one works signed out. */
export const signInEndpoints = {
  /** Completes a sign-in whose password answered `{ twoFactorRequired: true }`, within 5 minutes, from the same browser. */
  logInTwoFactor: endpoint({
    method: 'POST', path: '/api/login/2fa', tags, auth: 'visitor', throttled: true,
    body: codeBody, responses: { 200: currentUser, 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
  }),
  passkeyLoginOptions: endpoint({ method: 'POST', path: '/api/login/passkey/options', tags, auth: 'visitor', throttled: true, responses: { 200: webauthnOptions, 429: errorResponse } }),
  logInWithPasskey: endpoint({
    method: 'POST', path: '/api/login/passkey', tags, auth: 'visitor', throttled: true,
    body: passkeyAuthenticationBody, responses: { 200: currentUser, 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
  }),
  /** Redirects to the OpenID provider (PKCE, state and nonce); 404 when single sign-on is not configured. */
  startSso: endpoint({ method: 'GET', path: '/api/auth/oidc/start', tags, auth: 'visitor', query: oidcStartQuery, redirect: 'the OpenID provider', responses: { 404: errorResponse } }),
  /** Where the provider sends the browser back; always redirects within the app. */
  finishSso: endpoint({ method: 'GET', path: '/api/auth/oidc/callback', tags, auth: 'visitor', query: oidcCallbackQuery, redirect: '/, or /auth?tab=login&sso=… on failure', responses: {} }),
};
