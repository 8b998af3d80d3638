import { z } from 'zod';
import { idField, text } from './common';
import { fileDto } from './files';
import { FOLDER_DESCRIPTION_MAX, FOLDER_NAME_MAX, folderMessages, INVITE_MAX_DAYS } from './folder-limits';

// Folders, collaborators and invites (decision 009).

// The limits and messages live without zod, for the client's first script (decision 023).
export { FOLDER_DESCRIPTION_MAX, FOLDER_NAME_MAX, FOLDER_PREVIEW_IMAGES, folderMessages, INVITE_DEFAULT_DAYS, INVITE_MAX_DAYS } from './folder-limits';

/** A viewer's role on a folder; OWNER is the creator and is never stored as a collaborator. */
export const folderRole = z.enum(['OWNER', 'EDITOR', 'VIEWER']);
export type FolderRole = z.infer<typeof folderRole>;

/** The roles a collaborator or an invite may carry (Viewer or Editor only). */
export const collaboratorRole = z.enum(['EDITOR', 'VIEWER']);
export type CollaboratorRole = z.infer<typeof collaboratorRole>;

/** Stored statuses plus `expired`, computed from `expiresAt` for a pending invite past its date. */
export const inviteStatus = z.enum(['pending', 'accepted', 'declined', 'revoked', 'expired']);
export type InviteStatus = z.infer<typeof inviteStatus>;

export const folderName = text({ error: folderMessages.nameRequired })
  .trim()
  .min(1, folderMessages.nameRequired)
  .max(FOLDER_NAME_MAX, folderMessages.nameTooLong);

export const folderDescription = text({ multiline: true }).trim().max(FOLDER_DESCRIPTION_MAX, folderMessages.descriptionTooLong);

/** `createFolder`. A new folder is private unless `isPublic` says otherwise; only admins may create it admin-only. */
export const createFolderBody = z.object({
  name: folderName,
  description: folderDescription.nullish(),
  isPublic: z.boolean().optional(),
  isAdminOnly: z.boolean().optional(),
});
export type CreateFolderBody = z.infer<typeof createFolderBody>;

/** `updateFolder`: owner only; `isAdminOnly` also needs an admin. */
export const updateFolderBody = z
  .object({
    name: folderName.optional(),
    description: folderDescription.nullish(),
    isPublic: z.boolean().optional(),
    isAdminOnly: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), folderMessages.nothingToUpdate);
export type UpdateFolderBody = z.infer<typeof updateFolderBody>;

export const folderUser = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type FolderUser = z.infer<typeof folderUser>;

/** What the viewer may do on the folder, decided by the server (the client never compares ids). */
export const folderAbilities = z.object({
  /** The viewer's role, or null when they see the folder only because it is public (or as admin). */
  role: folderRole.nullable(),
  /** Add and remove files, upload into the folder: owner and editors. */
  canEdit: z.boolean(),
  /** Visibility, collaborators, invites: the owner. */
  canManage: z.boolean(),
  canDelete: z.boolean(),
});
export type FolderAbilities = z.infer<typeof folderAbilities>;

export const folderDto = folderAbilities.extend({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  userId: z.number().int(),
  user: folderUser,
  isPublic: z.boolean(),
  isAdminOnly: z.boolean(),
  /** Files in the folder that this viewer may see (a private file counts only for those who see it). */
  fileCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FolderDto = z.infer<typeof folderDto>;

export const folderList = z.array(folderDto);

export const previewImage = z.object({
  id: z.number().int(),
  name: z.string(),
  filePath: z.string(),
  thumbnailPath: z.string().nullable(),
  placeholder: z.string().nullable(),
});
export type PreviewImage = z.infer<typeof previewImage>;

/** `getFolderPreview`: up to 4 images the viewer may see, newest first. */
export const folderPreviewResponse = z.object({ folder: folderDto, previewImages: z.array(previewImage) });
export type FolderPreviewResponse = z.infer<typeof folderPreviewResponse>;

/** `getFolderRole`. */
export const folderRoleResponse = folderAbilities;

/** A folder's files the viewer may see, a page at a time. */
export const folderFileList = z.array(fileDto);

export const folderCountResponse = z.object({ count: z.number().int() });

/** `addFolderFile`. */
export const addFolderFileBody = z.object({ fileId: idField });
/** `addFileFolder`. */
export const addFileFolderBody = z.object({ folderId: idField });

/** The answer of every add or remove of a file↔folder link; `linked` is the state afterwards. */
export const folderFileLink = z.object({ folderId: z.number().int(), fileId: z.number().int(), linked: z.boolean() });
export type FolderFileLink = z.infer<typeof folderFileLink>;

export const folderFileParams = z.object({ id: idField, fileId: idField });
export const fileFolderParams = z.object({ fileId: idField, folderId: idField });
export const collaboratorParams = z.object({ id: idField, userId: idField });

export const collaboratorDto = z.object({
  /** The stored collaborator row; null for the OWNER row, which is the folder's creator. */
  id: z.number().int().nullable(),
  userId: z.number().int(),
  user: folderUser,
  inviter: folderUser.nullable(),
  addedAt: z.string(),
  role: folderRole,
});
export type CollaboratorDto = z.infer<typeof collaboratorDto>;

export const collaboratorList = z.array(collaboratorDto);

export const addCollaboratorBody = z.object({ userId: idField, role: collaboratorRole });
export const updateCollaboratorBody = z.object({ role: collaboratorRole });

/** `createInvite`; without `invitedUserId` anyone with the link may accept. */
export const createInviteBody = z.object({
  role: collaboratorRole,
  invitedUserId: idField.optional(),
  expiresInDays: z.number().int().min(1).max(INVITE_MAX_DAYS).optional(),
});
export type CreateInviteBody = z.infer<typeof createInviteBody>;

export const inviteDto = z.object({
  id: z.number().int(),
  /**
   * The secret token, present only in the answer that creates the invite: the server keeps a
   * hash, so a lost link is revoked and a new one created.
   */
  token: z.string().optional(),
  role: collaboratorRole,
  status: inviteStatus,
  expiresAt: z.string(),
  createdAt: z.string(),
  /** Null: anyone with the link may accept. */
  invitedUser: folderUser.nullable(),
  folder: z.object({ id: z.number().int(), name: z.string(), description: z.string().nullable() }),
  inviter: folderUser,
});
export type InviteDto = z.infer<typeof inviteDto>;

export const inviteList = z.array(inviteDto);

export const inviteTokenParams = z.object({ token: text().min(1).max(200) });

export const acceptInviteResponse = z.object({ folderId: z.number().int(), role: folderRole });
