// The folder payloads, as `contract/folders.ts` defines them. The server decides `role`,
// `canEdit`, `canManage` and `canDelete`; the client only shows them.
export type {
  CollaboratorDto, CollaboratorRole, FolderAbilities, FolderDto, FolderPreviewResponse as FolderPreview, FolderRole, FolderUser as FolderPerson,
  InviteDto, PreviewImage,
} from '@contract/folders';
export type { UserSearchResult } from '@contract/users';
