// The folder limits and messages without zod: the feed's Save button checks a new folder's name
// with them on the member's first screen (docs/decisions/023). `contract/folders.ts` re-exports them.

export const FOLDER_NAME_MAX = 100;
export const FOLDER_DESCRIPTION_MAX = 500;
/** Up to 4 images on a folder's cover. */
export const FOLDER_PREVIEW_IMAGES = 4;
/** Invites expire after 7 days unless the owner picks another expiry. */
export const INVITE_DEFAULT_DAYS = 7;
export const INVITE_MAX_DAYS = 30;

export const folderMessages = {
  nameRequired: 'Folder name is required',
  nameTooLong: `Folder name must be less than ${FOLDER_NAME_MAX} characters`,
  descriptionTooLong: `Description must be less than ${FOLDER_DESCRIPTION_MAX} characters`,
  folderNotFound: 'Folder not found',
  notOwner: 'Only the folder owner can do this',
  notMember: "Only the folder's owner and collaborators can see who works on it",
  notEditor: 'Only the folder owner or an editor can change its files',
  adminOnly: 'Only admins can make a folder admin-only',
  ownerRoleFixed: "The folder owner's role cannot be changed or removed",
  collaboratorNotFound: 'Collaborator not found',
  inviteNotFound: 'Invalid invite',
  inviteExpired: 'This invite has expired',
  inviteNotForYou: 'This invite is for another member',
  inviteNotPending: 'This invite was already accepted, declined or revoked',
  alreadyCollaborator: 'This member already collaborates on this folder',
  alreadyInvited: 'This member already has a pending invite to this folder',
  nothingToUpdate: 'Nothing to update',
} as const;
