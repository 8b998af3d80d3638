import type { inviteEndpoints } from '../../../contract/api/invites';
import type { HandlersFor } from '../../plugins/endpoints';
import { toInviteDto } from './folders.presenter';
import type { InviteService } from './invites.service';

/** Invite links: created, listed and revoked by the folder's owner; read, accepted or declined by token (the rules: invites.service.ts). */
export function inviteHandlers(d: { invites: InviteService }): HandlersFor<typeof inviteEndpoints> {
  const invites = d.invites;
  return {
    listInvites: async (request) => (await invites.listPending(request.params.id, request.user)).map((i) => toInviteDto(i)),

    createInvite: async (request, reply) => {
      const { invite, token } = await invites.create(request.params.id, request.user, request.body);
      return reply.status(201).send(toInviteDto(invite, token));
    },

    revokeInvite: async (request) => {
      await invites.revoke(request.params.id, request.user);
      return { message: 'Invite revoked' };
    },

    // Works signed out: the invite page shows the folder before asking the visitor to sign in.
    getInvite: async (request) => toInviteDto(await invites.readable(request.params.token)),

    // The path's `token` is the link's token or the member's folder-invite notification id.
    acceptInvite: async (request) => invites.accept(request.params.token, request.user),

    declineInvite: async (request) => {
      await invites.decline(request.params.token, request.user);
      return { message: 'Invite declined' };
    },
  };
}
