import { errorResponse, idParam, messageResponse } from '../common';
import { endpoint } from '../endpoint';
import { acceptInviteResponse, createInviteBody, inviteDto, inviteList, inviteTokenParams } from '../folders';

const tags = ['folders'] as const;
const refusals = { 403: errorResponse, 404: errorResponse } as const;

/**
 * Folder invites (server/modules/folders/invites.routes.ts): created, listed and revoked by the
 * folder's owner; read by anyone holding the link; accepted or declined by its token, or by the
 * folder-invite notification's id from the notifications screen.
 */
export const inviteEndpoints = {
  listInvites: endpoint({
    method: 'GET', path: '/api/folders/:id/invites', tags, auth: 'member',
    params: idParam, responses: { 200: inviteList, ...refusals },
  }),
  createInvite: endpoint({
    method: 'POST', path: '/api/folders/:id/invites', tags, auth: 'member', budget: 'invite', recipient: 'body.invitedUserId',
    params: idParam, body: createInviteBody, responses: { 201: inviteDto, 400: errorResponse, 409: errorResponse, ...refusals },
  }),
  revokeInvite: endpoint({
    method: 'DELETE', path: '/api/invites/:id', tags, auth: 'member',
    params: idParam, responses: { 200: messageResponse, 409: errorResponse, ...refusals },
  }),
  /** Works signed out: the invite page shows the folder before asking the visitor to sign in. */
  getInvite: endpoint({
    method: 'GET', path: '/api/invites/:token', tags, auth: 'visitor',
    params: inviteTokenParams, responses: { 200: inviteDto, 404: errorResponse },
  }),
  /** `token`: the link's token, or the member's folder-invite notification id. */
  acceptInvite: endpoint({
    method: 'POST', path: '/api/invites/:token/accept', tags, auth: 'member',
    params: inviteTokenParams, responses: { 200: acceptInviteResponse, 410: errorResponse, ...refusals },
  }),
  declineInvite: endpoint({
    method: 'POST', path: '/api/invites/:token/decline', tags, auth: 'member',
    params: inviteTokenParams, responses: { 200: messageResponse, 410: errorResponse, ...refusals },
  }),
};
