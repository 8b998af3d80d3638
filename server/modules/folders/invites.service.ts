import { idField } from '../../../contract/common';
import { folderMessages, INVITE_DEFAULT_DAYS, type CreateInviteBody, type FolderRole } from '../../../contract/folders';
import { notificationMessages } from '../../../contract/notifications';
import { assertCanManage } from '../../access/folder-access';
import type { Viewer } from '../../access/visibility';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { visibleFolder, type FolderDeps } from './folder-deps';
import { findActiveMember } from '../users/active-member';
import { inviteStatusOf } from './folders.presenter';
import type { LoadedInvite } from './invites.repo';

type Member = NonNullable<Viewer>;
/** An invite as the invite page names it (its link's token) or as a folder-invite notification does (its id). */
type InviteRef = { token: string } | { inviteId: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const NOTIFICATION_ID = /^[1-9][0-9]{0,9}$/;

/** The one answer for an unknown, revoked, declined or used token: nothing to tell them apart. */
function invalid(): NotFoundError {
  return new NotFoundError(folderMessages.inviteNotFound);
}

/** 410: the invite existed and was valid, but its date has passed (the page shows 'Expired Invite'). */
function expired(): AppError {
  return new AppError(410, folderMessages.inviteExpired);
}

/** The invite rules: single use, addressed ones only by their addressee, never after expiry. */
export function createInviteService(d: Pick<FolderDeps, 'folders' | 'collaborators' | 'invites' | 'users'>) {
  /**
   * The invite page sends the link's token; the notifications screen sends its folder-invite
   * item's id, which only that item's member may use (404 for anyone else). Tokens
   * are 43 base64url characters, never a short run of digits.
   */
  async function refOf(param: string, member: Member): Promise<InviteRef> {
    if (!NOTIFICATION_ID.test(param)) return { token: param };
    const id = idField.safeParse(param);
    if (!id.success) throw new NotFoundError(notificationMessages.notFound);
    const inviteId = await d.invites.findIdByNotification(member.id, id.data);
    if (inviteId === null) throw new NotFoundError(notificationMessages.notFound);
    return { inviteId };
  }

  async function byToken(token: string): Promise<LoadedInvite> {
    const invite = await d.invites.findByTokenHash(hashToken(token));
    if (!invite) throw invalid();
    return invite;
  }

  async function byRef(param: string, member: Member): Promise<LoadedInvite> {
    const ref = await refOf(param, member);
    if ('token' in ref) return byToken(ref.token);
    const invite = await d.invites.findLoadedById(ref.inviteId);
    if (!invite) throw invalid();
    return invite;
  }

  /** A pending invite this member may act on; otherwise the refusal that fits. */
  function assertActionable(invite: LoadedInvite, member: Member): void {
    const status = inviteStatusOf(invite);
    if (status === 'expired') throw expired();
    if (status !== 'pending') throw invalid();
    if (invite.invitedUserId !== null && invite.invitedUserId !== member.id) throw new ForbiddenError(folderMessages.inviteNotForYou);
  }

  async function acceptLoaded(invite: LoadedInvite, member: Member): Promise<{ folderId: number; role: FolderRole }> {
    const current = async () => (await d.collaborators.findOne(invite.folderId, member.id))?.role ?? null;
    // The owner opening their own link gains nothing and must not use it up.
    if (invite.folder.userId === member.id) return { folderId: invite.folderId, role: 'OWNER' };
    // Accepting twice (a double click, a reload) answers the same and adds no second row.
    if (invite.status === 'accepted' && invite.usedBy === member.id) {
      const role = await current();
      if (role) return { folderId: invite.folderId, role };
    }
    assertActionable(invite, member);
    // Already a collaborator (a viewer opening an editor link): the link would change nothing
    // for them, so it is not used up; it stays for the member it was meant for.
    const already = await current();
    if (already) return { folderId: invite.folderId, role: already };
    if (!(await d.invites.accept(invite, member.id))) throw invalid();
    return { folderId: invite.folderId, role: (await current()) ?? invite.role };
  }

  return {
    /** A folder's pending invites, for its owner. */
    async listPending(folderId: number, member: Member): Promise<LoadedInvite[]> {
      const folder = await visibleFolder(d, folderId, member);
      assertCanManage(folder, member);
      return d.invites.listPending(folder.id);
    },

    /**
     * A 256-bit random token; only its sha256 is stored, so the link is shown once. An addressed
     * invite commits with its `invite.created` event, whose handler tells the member.
     */
    async create(folderId: number, owner: Member, b: CreateInviteBody) {
      const folder = await visibleFolder(d, folderId, owner);
      assertCanManage(folder, owner);
      const { role } = b;
      const invitedUserId = b.invitedUserId ?? null;
      const expiresAt = new Date(Date.now() + (b.expiresInDays ?? INVITE_DEFAULT_DAYS) * DAY_MS);
      if (invitedUserId !== null) {
        const invited = await findActiveMember(d.users, invitedUserId, owner);
        if (invited.id === folder.userId) throw new ForbiddenError(folderMessages.ownerRoleFixed);
        // One open question per member: a second invite would only be a second notification.
        if (await d.collaborators.findOne(folder.id, invited.id)) throw new ConflictError(folderMessages.alreadyCollaborator);
        if (await d.invites.hasPendingFor(folder.id, invited.id)) throw new ConflictError(folderMessages.alreadyInvited);
      }
      const token = newToken();
      const row = await d.invites.insert({ folderId: folder.id, tokenHash: hashToken(token), role, invitedUserId, expiresAt, createdBy: owner.id });
      return { invite: (await d.invites.findLoadedById(row.id))!, token };
    },

    /** Revoking is the owner's; an invite of a folder the viewer cannot see is as unknown as none. */
    async revoke(inviteId: number, member: Member): Promise<void> {
      const invite = await d.invites.findLoadedById(inviteId);
      if (!invite) throw new NotFoundError(folderMessages.inviteNotFound);
      const folder = await visibleFolder(d, invite.folderId, member);
      assertCanManage(folder, member);
      // Only a pending invite can be revoked: an accepted one is a collaborator now (removed in
      // the collaborators list), and saying "revoked" would promise what did not happen.
      if (!(await d.invites.close(invite.id, 'revoked', null))) throw new ConflictError(folderMessages.inviteNotPending);
    },

    /** What the invite page shows: a pending or expired invite; any other answers 'Invalid invite'. */
    async readable(token: string): Promise<LoadedInvite> {
      const invite = await byToken(token);
      const status = inviteStatusOf(invite);
      if (status !== 'pending' && status !== 'expired') throw invalid();
      return invite;
    },

    /** `param`: the link's token or the member's folder-invite notification id. The answer commits with its `invite.answered` event, whose handler marks the member's item read. */
    async accept(param: string, member: Member): Promise<{ folderId: number; role: FolderRole }> {
      return acceptLoaded(await byRef(param, member), member);
    },

    async decline(param: string, member: Member): Promise<void> {
      const invite = await byRef(param, member);
      assertActionable(invite, member);
      if (!(await d.invites.close(invite.id, 'declined', member.id))) throw invalid();
    },
  };
}
export type InviteService = ReturnType<typeof createInviteService>;
