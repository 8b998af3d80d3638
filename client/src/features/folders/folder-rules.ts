import { FOLDER_DESCRIPTION_MAX, FOLDER_NAME_MAX, folderMessages as contractMessages } from '@contract/folder-limits';
import { USER_SEARCH_MIN } from '@contract/limits';
import { screens } from '@contract/screens';
import type { FolderDto, FolderRole, InviteDto } from './folder-types';

export { FOLDER_DESCRIPTION_MAX, FOLDER_NAME_MAX };

// The folder screens' rules, free of React so they can be tested alone.

export const INVITE_REDIRECT_MS = 2000;
export const EDIT_FILES_LIMIT = 100;

export const folderMessages = {
  nameRequired: contractMessages.nameRequired,
  nameTooLong: contractMessages.nameTooLong,
  descriptionTooLong: contractMessages.descriptionTooLong,
  selectFolder: 'Please select a folder',
  enterName: 'Please enter a folder name',
} as const;

export type Visibility = 'Admin' | 'Public' | 'Private';

/** The badge of a folder: Admin for admin-only, else Public or Private. */
export function visibilityLabel(folder: Pick<FolderDto, 'isPublic' | 'isAdminOnly'>): Visibility {
  if (folder.isAdminOnly) return 'Admin';
  return folder.isPublic ? 'Public' : 'Private';
}

/** The Create New Folder form's errors, on the trimmed name. */
export function folderFormErrors(name: string, description: string): { name?: string; description?: string } {
  const errors: { name?: string; description?: string } = {};
  const trimmed = name.trim();
  if (!trimmed) errors.name = folderMessages.nameRequired;
  else if (trimmed.length > FOLDER_NAME_MAX) errors.name = folderMessages.nameTooLong;
  if (description.trim().length > FOLDER_DESCRIPTION_MAX) errors.description = folderMessages.descriptionTooLong;
  return errors;
}

/** The server's role decides; the owner's folder is the viewer's own. */
export function isOwnFolder(folder: Pick<FolderDto, 'role'>): boolean {
  return folder.role === 'OWNER';
}

/** 'Saved to' rows link only to a public folder or the viewer's own; others are greyed. */
export function savedFolderLinkable(folder: Pick<FolderDto, 'isPublic' | 'isAdminOnly' | 'role'>): boolean {
  return (folder.isPublic && !folder.isAdminOnly) || isOwnFolder(folder);
}

/**
 * A private folder the viewer has no part in is blurred behind 'Private Folder' on cards; its
 * owner and its collaborators (Editor, Viewer) see it plainly, since it is theirs to open.
 */
export function folderCardBlurred(folder: Pick<FolderDto, 'isPublic' | 'isAdminOnly' | 'role'>): boolean {
  return !folder.isPublic && !folder.isAdminOnly && folder.role === null;
}

/** The Edit Files button: 'Add N File(s)', 'Remove N File(s)', 'Update Folder (Add N, Remove M)' or 'No Changes'. */
export function editFilesActionLabel(adds: number, removes: number): string {
  if (adds > 0 && removes > 0) return `Update Folder (Add ${adds}, Remove ${removes})`;
  if (adds > 0) return `Add ${adds} File(s)`;
  if (removes > 0) return `Remove ${removes} File(s)`;
  return 'No Changes';
}

/** What changes when the member ticks `selected` in a folder that holds `inFolder`. */
export function editFilesChanges(inFolder: ReadonlySet<number>, selected: ReadonlySet<number>): { add: number[]; remove: number[] } {
  return {
    add: [...selected].filter((id) => !inFolder.has(id)),
    remove: [...inFolder].filter((id) => !selected.has(id)),
  };
}

const ROLE_DESCRIPTIONS: Record<FolderRole, string> = {
  OWNER: 'Can manage files, collaborators and settings of this folder',
  EDITOR: 'Can view, add and remove files in this folder',
  VIEWER: 'Can view files in this folder',
};

export function roleDescription(role: FolderRole): string {
  return ROLE_DESCRIPTIONS[role];
}

export function roleLabel(role: FolderRole): string {
  return role.charAt(0) + role.slice(1).toLowerCase();
}

export type InviteState = 'pending' | 'expired' | 'invalid';

/** An invite is usable while pending and before its expiry, checked against `now`. */
export function inviteState(invite: Pick<InviteDto, 'status' | 'expiresAt'>, now: number): InviteState {
  if (invite.status === 'expired') return 'expired';
  // Accepted, declined or revoked: no longer usable.
  if (invite.status !== 'pending') return 'invalid';
  return Date.parse(invite.expiresAt) <= now ? 'expired' : 'pending';
}

export function inviteLink(origin: string, token: string): string {
  return `${origin}${screens.invite(token)}`;
}

/** Collaborator search starts at 2 characters of trimmed text. */
export function canSearchUsers(term: string): boolean {
  return term.trim().length >= USER_SEARCH_MIN;
}
