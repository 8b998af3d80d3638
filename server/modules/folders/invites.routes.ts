import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, idField, idParam, messageResponse } from '../../../contract/common';
import { notificationMessages } from '../../../contract/notifications';
import { NotFoundError } from '../../lib/errors';
import { acceptInviteResponse, createInviteBody, INVITE_DEFAULT_DAYS, inviteDto, inviteList, inviteTokenParams } from '../../../contract/folders';
import { assertCanManage } from '../../access/folder-access';
import { requireUser } from '../../plugins/session';
import { folderTags as tags, visibleFolder, type FolderDeps } from './folder-deps';
import { toInviteDto } from './folders.presenter';
import type { InviteRef, InviteService } from './invites.service';
import type { UserRow } from '../users/users.repo';

const refusals = { 403: errorResponse, 404: errorResponse };
const DAY_MS = 24 * 60 * 60 * 1000;
const NOTIFICATION_ID = /^[1-9][0-9]{0,9}$/;

/** Invite links: created, listed and revoked by the folder's owner; read, accepted or declined by token. */
export async function invitesRoutes(app: FastifyInstance, d: FolderDeps & { inviteService: InviteService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const invites = d.inviteService;

  r.get('/api/folders/:id/invites', { schema: { tags, params: idParam, response: { 200: inviteList, ...refusals } } }, async (request) => {
    const user = requireUser(request);
    const folder = await visibleFolder(d, request.params.id, user);
    assertCanManage(folder, user);
    return (await d.invites.listPending(folder.id)).map((i) => toInviteDto(i));
  });

  r.post(
    '/api/folders/:id/invites',
    { config: { budget: 'invite', recipient: (q) => (q.body as { invitedUserId?: number | null }).invitedUserId }, schema: { tags, params: idParam, body: createInviteBody, response: { 201: inviteDto, 400: errorResponse, 409: errorResponse, ...refusals } } },
    async (request, reply) => {
      const user = requireUser(request);
      const folder = await visibleFolder(d, request.params.id, user);
      assertCanManage(folder, user);
      const b = request.body;
      const expiresAt = new Date(Date.now() + (b.expiresInDays ?? INVITE_DEFAULT_DAYS) * DAY_MS);
      // An addressed invite commits with its `invite.created` event, whose handler tells the member.
      const { invite, token } = await invites.create(folder, user, b.role, b.invitedUserId ?? null, expiresAt);
      return reply.status(201).send(toInviteDto(invite, token));
    },
  );

  r.delete('/api/invites/:id', { schema: { tags, params: idParam, response: { 200: messageResponse, 409: errorResponse, ...refusals } } }, async (request) => {
    await invites.revoke(request.params.id, requireUser(request));
    return { message: 'Invite revoked' };
  });

  // Works signed out: the invite page shows the folder before asking the visitor to sign in.
  r.get('/api/invites/:token', { schema: { tags, params: inviteTokenParams, response: { 200: inviteDto, 404: errorResponse } } }, async (request) =>
    toInviteDto(await invites.readable(request.params.token)),
  );

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

  r.post(
    '/api/invites/:token/accept',
    { schema: { tags, params: inviteTokenParams, response: { 200: acceptInviteResponse, 410: errorResponse, ...refusals } } },
    async (request) => {
      const user = requireUser(request);
      // The answer commits with its `invite.answered` event, whose handler marks the member's item read.
      return invites.accept(await inviteRef(request.params.token, user), user);
    },
  );

  r.post(
    '/api/invites/:token/decline',
    { schema: { tags, params: inviteTokenParams, response: { 200: messageResponse, 410: errorResponse, ...refusals } } },
    async (request) => {
      const user = requireUser(request);
      await invites.decline(await inviteRef(request.params.token, user), user);
      return { message: 'Invite declined' };
    },
  );
}
