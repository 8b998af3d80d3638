import type { CollaboratorDto, FolderDto, FolderUser, InviteDto, InviteStatus, PreviewImage } from '../../../contract/folders';
import { folderAbilities } from '../../access/folder-access';
import type { Viewer } from '../../access/visibility';
import { uploadUrl } from '../files/files.presenter';
import { avatarUrl } from '../users/users.presenter';
import type { UserRow } from '../users/users.repo';
import type { LoadedCollaborator } from './collaborators.repo';
import type { FolderFilesRepo } from './folder-files.repo';
import type { LoadedFolder } from './folders.repo';
import type { LoadedInvite } from './invites.repo';

export function toFolderUser(u: UserRow): FolderUser {
  return { id: u.id, username: u.username, firstName: u.firstName, lastName: u.lastName, profileImageUrl: avatarUrl(u.profileImageKey) };
}

/** A folder for this viewer: its visible file count and what the viewer may do on it. */
export function toFolderDto(f: LoadedFolder, fileCount: number, viewer: Viewer): FolderDto {
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    userId: f.userId,
    user: toFolderUser(f.owner),
    isPublic: f.isPublic,
    isAdminOnly: f.isAdminOnly,
    fileCount,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
    ...folderAbilities(f, viewer),
  };
}

/** Folders with their counts in one extra query, whatever the page size. */
export async function presentFolders(links: Pick<FolderFilesRepo, 'countVisible'>, list: LoadedFolder[], viewer: Viewer): Promise<FolderDto[]> {
  const counts = await links.countVisible(
    list.map((f) => f.id),
    viewer,
  );
  return list.map((f) => toFolderDto(f, counts.get(f.id) ?? 0, viewer));
}

export function toPreviewImage(r: { id: number; name: string; webpKey: string | null; storageKey: string; thumbnailKey: string | null; placeholder: string | null }): PreviewImage {
  return {
    id: r.id,
    name: r.name,
    filePath: uploadUrl(r.webpKey ?? r.storageKey),
    thumbnailPath: r.thumbnailKey ? uploadUrl(r.thumbnailKey) : null,
    placeholder: r.placeholder,
  };
}

/** The OWNER row heads the collaborator list; it is the folder's creator, not a stored row. */
export function ownerCollaborator(f: LoadedFolder): CollaboratorDto {
  return { id: null, userId: f.userId, user: toFolderUser(f.owner), inviter: null, addedAt: f.createdAt.toISOString(), role: 'OWNER' };
}

export function toCollaboratorDto(c: LoadedCollaborator): CollaboratorDto {
  return {
    id: c.id,
    userId: c.userId,
    user: toFolderUser(c.user),
    inviter: c.inviter ? toFolderUser(c.inviter) : null,
    addedAt: c.addedAt.toISOString(),
    role: c.role,
  };
}

/** Expired is computed, never stored: a pending invite past its date. */
export function inviteStatusOf(i: { status: LoadedInvite['status']; expiresAt: Date }, now = new Date()): InviteStatus {
  return i.status === 'pending' && i.expiresAt <= now ? 'expired' : i.status;
}

/** `token` only in the answer that creates the invite: only its hash is stored. */
export function toInviteDto(i: LoadedInvite, token?: string): InviteDto {
  return {
    id: i.id,
    ...(token ? { token } : {}),
    role: i.role,
    status: inviteStatusOf(i),
    expiresAt: i.expiresAt.toISOString(),
    createdAt: i.createdAt.toISOString(),
    invitedUser: i.invitedUser ? toFolderUser(i.invitedUser) : null,
    folder: { id: i.folder.id, name: i.folder.name, description: i.folder.description },
    inviter: toFolderUser(i.inviter),
  };
}
