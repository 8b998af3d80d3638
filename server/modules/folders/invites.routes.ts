import type { inviteEndpoints } from '../../../contract/api/invites';
import { idField } from '../../../contract/common';
import { notificationMessages } from '../../../contract/notifications';
import { INVITE_DEFAULT_DAYS } from '../../../contract/folders';
import { NotFoundError } from '../../lib/errors';
import { assertCanManage } from '../../access/folder-access';
import type { HandlersFor } from '../../plugins/endpoints';
import { visibleFolder, type FolderDeps } from './folder-deps';
import { toInviteDto } from './folders.presenter';
import type { InviteRef, InviteService } from './invites.service';
import type { UserRow } from '../users/users.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOTIFICATION_ID = /^[1-9][0-9]{0,9}$/;

/** Invite links: created, listed and revoked by the folder's owner; read, accepted or declined by token. */
export function inviteHandlers(d: FolderDeps & { inviteService: InviteService }): HandlersFor<typeof inviteEndpoints> {
  const invites = d.inviteService;

  /**
   * The invite page sends the link's token; the notifications screen sends its folder-invite
   * item's id (spec 2 §7), which only that item's member may use (404 for anyone else). Tokens
   * are 43 base64url characters, never a short run of digits.
   */
  async function inviteRef(param: string, member: UserRow): Promise<InviteRef> {
    if (!NOTIFICATION_ID.test(param)) return { token: param };
    const id = idField.safeParse(param);
    if (!id.success) throw new NotFoundError(notificationMessages.notFound);
    const inviteId = await d.invites.findIdByNotification(member.id, id.data);
    if (inviteId === null) throw new NotFoundError(notificationMessages.notFound);
    return { inviteId };
  }

  return {
    listInvites: async (request) => {
      const user = request.user;
      const folder = await visibleFolder(d, request.params.id, user);
      assertCanManage(folder, user);
      return (await d.invites.listPending(folder.id)).map((i) => toInviteDto(i));
    },

    createInvite: async (request, reply) => {
      const user = request.user;
      const folder = await visibleFolder(d, request.params.id, user);
      assertCanManage(folder, user);
      const b = request.body;
      const expiresAt = new Date(Date.now() + (b.expiresInDays ?? INVITE_DEFAULT_DAYS) * DAY_MS);
      // An addressed invite commits with its `invite.created` event, whose handler tells the member.
      const { invite, token } = await invites.create(folder, user, b.role, b.invitedUserId ?? null, expiresAt);
      return reply.status(201).send(toInviteDto(invite, token));
    },

    revokeInvite: async (request) => {
      await invites.revoke(request.params.id, request.user);
      return { message: 'Invite revoked' };
    },

    // Works signed out: the invite page shows the folder before asking the visitor to sign in.
    getInvite: async (request) => toInviteDto(await invites.readable(request.params.token)),

    // The answer commits with its `invite.answered` event, whose handler marks the member's item read.
    acceptInvite: async (request) => invites.accept(await inviteRef(request.params.token, request.user), request.user),

    declineInvite: async (request) => {
      await invites.decline(await inviteRef(request.params.token, request.user), request.user);
      return { message: 'Invite declined' };
    },
  };
}
