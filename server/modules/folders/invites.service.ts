import { folderMessages, type CollaboratorRole, type FolderRole } from '../../../contract/folders';
import { assertCanManage } from '../../access/folder-access';
import type { Viewer } from '../../access/visibility';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { visibleFolder, type FolderDeps } from './folder-deps';
import { findActiveMember } from '../users/active-member';
import type { LoadedFolder } from './folders.repo';
import { inviteStatusOf } from './folders.presenter';
import type { LoadedInvite } from './invites.repo';

type Member = NonNullable<Viewer>;
/** An invite as the invite page names it (its link's token) or as a folder-invite notification does (its id). */
export type InviteRef = { token: string } | { inviteId: number };

/** The one answer for an unknown, revoked, declined or used token: nothing to tell them apart. */
function invalid(): NotFoundError {
  return new NotFoundError(folderMessages.inviteNotFound);
}

/** 410: the invite existed and was valid, but its date has passed (the page shows 'Expired Invite'). */
function expired(): AppError {
  return new AppError(410, folderMessages.inviteExpired);
}

/** The invite rules (DESIGN.md): single use, addressed ones only by their addressee, never after expiry. */
export function createInviteService(d: FolderDeps) {
  async function byToken(token: string): Promise<LoadedInvite> {
    const invite = await d.invites.findByTokenHash(hashToken(token));
    if (!invite) throw invalid();
    return invite;
  }

  async function byRef(ref: InviteRef): Promise<LoadedInvite> {
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
    /** A 256-bit random token; only its sha256 is stored, so the link is shown once. */
    async create(folder: LoadedFolder, owner: Member, role: CollaboratorRole, invitedUserId: number | null, expiresAt: Date) {
      if (invitedUserId !== null) {
        const invited = await findActiveMember(d.users, invitedUserId);
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

    async accept(ref: InviteRef, member: Member): Promise<{ folderId: number; role: FolderRole }> {
      return acceptLoaded(await byRef(ref), member);
    },

    async decline(ref: InviteRef, member: Member): Promise<void> {
      const invite = await byRef(ref);
      assertActionable(invite, member);
      if (!(await d.invites.close(invite.id, 'declined', member.id))) throw invalid();
    },
  };
}
export type InviteService = ReturnType<typeof createInviteService>;
