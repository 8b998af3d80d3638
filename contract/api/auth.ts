import { errorResponse, messageResponse } from '../common';
import { endpoint } from '../endpoint';
import {
  forgotPasswordBody, loginBody, publicConfig, registerBody, resetPasswordBody, resetTokenQuery, resetTokenStatus,
  usernameCheckParams, usernameCheckResponse, waitlistedResponse,
} from '../auth';
import { screens } from '../screens';
import { currentUser } from '../users';
import { twoFactorRequiredResponse } from '../account-security';

const tags = ['auth'] as const;

/** Sign-up, sign-in, the session and password reset; every one works signed out. */
export const authEndpoints = {
  getConfig: endpoint({ method: 'GET', path: '/api/config', tags, auth: 'visitor', responses: { 200: publicConfig } }),
  /** The session's member; a visitor gets the 401 from the handler itself (the client reads it as "signed out"). */
  getCurrentUser: endpoint({
    method: 'GET', path: '/api/user', tags, auth: 'visitor',
    responses: { 200: currentUser, 401: errorResponse },
  }),
  /** 201 with the member, signed in; 202 in waitlist mode (the application waits for an admin). */
  register: endpoint({
    method: 'POST', path: '/api/register', tags, auth: 'visitor', throttled: true,
    body: registerBody, responses: { 201: currentUser, 202: waitlistedResponse, 400: errorResponse, 409: errorResponse, 429: errorResponse },
  }),
  logIn: endpoint({
    method: 'POST', path: '/api/login', tags, auth: 'visitor', throttled: true,
    body: loginBody, responses: { 200: currentUser.or(twoFactorRequiredResponse), 401: errorResponse, 403: errorResponse, 429: errorResponse },
  }),
  /** The link the client sends a signed-out member to. */
  openLogIn: endpoint({ method: 'GET', path: '/api/login', tags, auth: 'visitor', redirect: screens.auth({ tab: 'login' }), responses: {} }),
  /** The user menu's "Log out" link: ends the session, then the landing page. */
  logOutLink: endpoint({ method: 'GET', path: '/api/logout', tags, auth: 'visitor', changesState: true, redirect: '/ (the session ended)', responses: {} }),
  logOut: endpoint({ method: 'POST', path: '/api/logout', tags, auth: 'visitor', security: true, responses: { 200: messageResponse } }),
  checkUsername: endpoint({
    method: 'GET', path: '/api/username/check/:username', tags, auth: 'visitor', throttled: true,
    params: usernameCheckParams, responses: { 200: usernameCheckResponse, 429: errorResponse },
  }),
  forgotPassword: endpoint({
    method: 'POST', path: '/api/auth/forgot-password', tags, auth: 'visitor', throttled: true,
    body: forgotPasswordBody, responses: { 200: messageResponse, 429: errorResponse },
  }),
  checkResetToken: endpoint({
    method: 'GET', path: '/api/auth/reset-password/validate', tags, auth: 'visitor', throttled: true,
    query: resetTokenQuery, responses: { 200: resetTokenStatus, 429: errorResponse },
  }),
  resetPassword: endpoint({
    method: 'POST', path: '/api/auth/reset-password', tags, auth: 'visitor', throttled: true,
    body: resetPasswordBody, responses: { 200: messageResponse, 400: errorResponse, 429: errorResponse },
  }),
};
