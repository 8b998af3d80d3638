import type { Viewer } from '../../access/visibility';
import { orFolderNotFound } from '../../access/folder-access';
import type { FilesRepo } from '../files/files.repo';
import type { UsersRepo } from '../users/users.repo';
import type { CollaboratorsRepo } from './collaborators.repo';
import type { FolderFilesRepo } from './folder-files.repo';
import type { FoldersRepo, LoadedFolder } from './folders.repo';
import type { InvitesRepo } from './invites.repo';

/** What every folder route file needs; built once in server/composition.ts. */
export type FolderDeps = {
  folders: FoldersRepo;
  links: FolderFilesRepo;
  collaborators: CollaboratorsRepo;
  invites: InvitesRepo;
  files: FilesRepo;
  users: UsersRepo;
};

/** The folder, or the one 404 whether it does not exist or this viewer may not see it. */
export async function visibleFolder(d: Pick<FolderDeps, 'folders'>, id: number, viewer: Viewer): Promise<LoadedFolder> {
  return orFolderNotFound(await d.folders.findVisible(id, viewer), viewer);
}
