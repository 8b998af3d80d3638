// The folder payloads as the client reads them. They mirror `contract/folders.ts`; the
// server decides `role`, `canEdit` and `canDelete`, the client only shows them.

export type FolderRole = 'OWNER' | 'EDITOR' | 'VIEWER';
export type InviteRole = Exclude<FolderRole, 'OWNER'>;

export interface FolderPerson {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export interface FolderDto {
  id: number;
  name: string;
  description: string | null;
  userId: number;
  user: FolderPerson;
  isPublic: boolean;
  isAdminOnly: boolean;
  fileCount: number;
  createdAt: string;
  updatedAt: string;
  /** The viewer's role on the folder, null when they only see it because it is public. */
  role?: FolderRole | null;
  /** Add, remove and upload files (owner and editors). */
  canEdit?: boolean;
  /** Visibility, delete, collaborators and invites (owner). */
  canDelete?: boolean;
}

export interface FolderPreview {
  folder: FolderDto;
  previewImages: string[];
}

export interface CollaboratorDto {
  id: number;
  userId: number;
  user: FolderPerson;
  inviter?: FolderPerson | null;
  addedAt: string;
  role: FolderRole;
}

export interface InviteDto {
  id: number;
  token: string;
  role: InviteRole;
  status: string;
  expiresAt: string;
  invitedUser?: FolderPerson | null;
  folder: { id: number; name: string; description: string | null };
  inviter: FolderPerson;
}

export interface UserSearchResult extends FolderPerson {
  bio?: string | null;
}
