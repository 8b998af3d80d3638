import type { Viewer } from '../../access/visibility';
import { orFolderNotFound } from '../../access/folder-access';
import type { Files } from '../files/file-writes';
import type { Users } from '../users/user-writes';
import type { LoadedFolder } from './folders.repo';
import type { FolderWrites } from './folder-writes';

/** What every folder route file needs; built once in server/composition.ts. */
export type FolderDeps = {
  folders: FolderWrites['folders'];
  links: FolderWrites['links'];
  collaborators: FolderWrites['collaborators'];
  invites: FolderWrites['invites'];
  files: Files;
  users: Users;
};

/** The folder, or the one 404 whether it does not exist or this viewer may not see it. */
export async function visibleFolder(d: Pick<FolderDeps, 'folders'>, id: number, viewer: Viewer): Promise<LoadedFolder> {
  return orFolderNotFound(await d.folders.findVisible(id, viewer), viewer);
}
