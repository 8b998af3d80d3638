import { reauthenticateResponse } from '../account-security';
import { errorResponse, idParam, pageQuery } from '../common';
import { endpoint } from '../endpoint';
import { AVATAR_FIELD, avatarNameParams, emailBody, passwordBody, preferences, preferencesPatch, profileBody } from '../settings';
import { currentUser, followResponse, followStatusResponse, userCountResponse, userFileList, userFilesQuery, userList, userProfile } from '../users';

const settingsTags = ['settings'] as const;
const refusals = { 400: errorResponse, 401: errorResponse, 409: errorResponse };

/** The settings screen's calls, stored preferences and avatars. */
export const settingsEndpoints = {
  updateProfile: endpoint({
    method: 'PUT', path: '/api/user/profile', tags: settingsTags, auth: 'member', budget: 'account',
    body: profileBody, responses: { 200: currentUser, ...refusals },
  }),
  updateEmail: endpoint({
    method: 'PUT', path: '/api/user/email', tags: settingsTags, auth: 'member', budget: 'email', security: true, recentSignIn: true,
    body: emailBody, responses: { 200: currentUser, ...refusals, 403: reauthenticateResponse },
  }),
  updatePassword: endpoint({
    method: 'PUT', path: '/api/user/password', tags: settingsTags, auth: 'member', budget: 'password', security: true, recentSignIn: true,
    body: passwordBody, responses: { 200: currentUser, ...refusals, 403: reauthenticateResponse },
  }),
  uploadAvatar: endpoint({
    method: 'PUT', path: '/api/user/avatar', tags: settingsTags, auth: 'member', budget: 'account',
    description: `multipart/form-data with one image file in the field \`${AVATAR_FIELD}\`, at most 5 MB`,
    multipart: {
      required: [AVATAR_FIELD],
      properties: { [AVATAR_FIELD]: { type: 'string', format: 'binary', description: 'A JPEG, PNG, GIF or WebP image, at most 5 MB' } },
    },
    responses: { 200: currentUser, 400: errorResponse, 401: errorResponse, 413: errorResponse, 415: errorResponse },
  }),
  removeAvatar: endpoint({
    method: 'DELETE', path: '/api/user/avatar', tags: settingsTags, auth: 'member',
    responses: { 200: currentUser, 401: errorResponse },
  }),
  getPreferences: endpoint({
    method: 'GET', path: '/api/user/preferences', tags: settingsTags, auth: 'member',
    responses: { 200: preferences, 401: errorResponse },
  }),
  updatePreferences: endpoint({
    method: 'PUT', path: '/api/user/preferences', tags: settingsTags, auth: 'member',
    body: preferencesPatch, responses: { 200: preferences, 400: errorResponse, 401: errorResponse },
  }),
  /** A stored avatar's bytes (WebP), cached for good: its name is never reused. */
  getAvatar: endpoint({
    method: 'GET', path: '/uploads/avatars/:name', tags: settingsTags, auth: 'visitor',
    params: avatarNameParams, responses: {},
  }),
};

const tags = ['users'] as const;
const notFound = { 404: errorResponse };

/** Profiles and follows; members only. */
export const profileEndpoints = {
  getUserProfile: endpoint({
    method: 'GET', path: '/api/users/:id', tags, auth: 'member',
    params: idParam, responses: { 200: userProfile, ...notFound },
  }),
  listUserFiles: endpoint({
    method: 'GET', path: '/api/users/:id/files', tags, auth: 'member',
    params: idParam, query: userFilesQuery, responses: { 200: userFileList, ...notFound },
  }),
  countUserFiles: endpoint({
    method: 'GET', path: '/api/users/:id/files/count', tags, auth: 'member',
    params: idParam, responses: { 200: userCountResponse, ...notFound },
  }),
  listFollowers: endpoint({
    method: 'GET', path: '/api/users/:id/followers', tags, auth: 'member',
    params: idParam, query: pageQuery, responses: { 200: userList, ...notFound },
  }),
  listFollowing: endpoint({
    method: 'GET', path: '/api/users/:id/following', tags, auth: 'member',
    params: idParam, query: pageQuery, responses: { 200: userList, ...notFound },
  }),
  getFollowStatus: endpoint({
    method: 'GET', path: '/api/users/:id/follow-status', tags, auth: 'member',
    params: idParam, responses: { 200: followStatusResponse, ...notFound },
  }),
  /** Idempotent, as is unfollowing: both answer the exact counts afterwards. */
  followUser: endpoint({
    method: 'POST', path: '/api/users/:id/follow', tags, auth: 'member', budget: 'follow', recipient: 'params.id',
    params: idParam, responses: { 200: followResponse, 400: errorResponse, ...notFound },
  }),
  unfollowUser: endpoint({
    method: 'DELETE', path: '/api/users/:id/follow', tags, auth: 'member', budget: 'follow', recipient: 'params.id',
    params: idParam, responses: { 200: followResponse, 400: errorResponse, ...notFound },
  }),
};

export const userEndpoints = { ...settingsEndpoints, ...profileEndpoints };
