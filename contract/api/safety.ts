import { errorResponse, idParam, messageResponse, pageQuery } from '../common';
import { endpoint } from '../endpoint';
import { reauthenticateResponse } from '../account-security';
import { blockedList, blockResponse, deleteAccountBody, muteResponse } from '../safety';

const tags = ['safety'] as const;

/** Blocks (docs/decisions/028-safety-kit.md): members only. */
export const safetyEndpoints = {
  /** Idempotent. Follows both ways end; a shared folder loses the other as collaborator. */
  blockUser: endpoint({
    method: 'POST', path: '/api/users/:id/block', tags, auth: 'member', budget: 'block',
    params: idParam, responses: { 200: blockResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
  unblockUser: endpoint({
    method: 'DELETE', path: '/api/users/:id/block', tags, auth: 'member', budget: 'block',
    params: idParam, responses: { 200: blockResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
  /** Its author, the file's owner or an admin; the file's count follows and notifications about it go. */
  deleteComment: endpoint({
    method: 'DELETE', path: '/api/comments/:id', tags, auth: 'member',
    params: idParam, responses: { 200: messageResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  /** One way: the muted member's files, comments and notifications leave the muter's feed and bell. */
  muteUser: endpoint({
    method: 'POST', path: '/api/users/:id/mute', tags, auth: 'member', budget: 'block',
    params: idParam, responses: { 200: muteResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
  unmuteUser: endpoint({
    method: 'DELETE', path: '/api/users/:id/mute', tags, auth: 'member', budget: 'block',
    params: idParam, responses: { 200: muteResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
  listMutes: endpoint({
    method: 'GET', path: '/api/user/mutes', tags, auth: 'member',
    query: pageQuery, responses: { 200: blockedList, 401: errorResponse },
  }),
  /**
   * Deletes the member's account: every session ends at once, and within a minute a durable job
   * removes every row and stored object of theirs. Needs a recent sign-in.
   */
  deleteAccount: endpoint({
    method: 'DELETE', path: '/api/user', tags, auth: 'member', budget: 'account', recentSignIn: true,
    body: deleteAccountBody, responses: { 200: messageResponse, 400: errorResponse, 401: errorResponse, 403: reauthenticateResponse },
  }),
  listBlocks: endpoint({
    method: 'GET', path: '/api/user/blocks', tags, auth: 'member',
    query: pageQuery, responses: { 200: blockedList, 401: errorResponse },
  }),
};
