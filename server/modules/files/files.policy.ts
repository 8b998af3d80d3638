import { or, eq, sql, type SQL } from 'drizzle-orm';
import { fileMessages } from '../../../contract/files';
import { files } from '../../db/schema/index';
import { NotFoundError } from '../../lib/errors';
import type { FileRow, FilesRepo } from './files.repo';

type Viewer = { id: number } | null;
type FileLike = { userId: number; isPublic: boolean };

/**
 * Who sees a file (DESIGN.md "Who sees what"): public, or the viewer's own. Folder access is
 * added here by the folders issue, so every list, count and byte path follows one rule.
 */
export function canViewFile(file: FileLike, viewer: Viewer): boolean {
  return file.isPublic || (viewer !== null && file.userId === viewer.id);
}

export function canEditFile(file: FileLike, viewer: Viewer): boolean {
  return viewer !== null && file.userId === viewer.id;
}

/** The same rule as a WHERE clause. */
export function visibleFilesWhere(viewer: Viewer): SQL {
  if (!viewer) return sql`${files.isPublic}`;
  return or(eq(files.isPublic, true), eq(files.userId, viewer.id))!;
}

/** The file, or the same 404 whether it does not exist or this viewer may not see it. */
export async function findVisibleFile(repo: Pick<FilesRepo, 'findById'>, id: number, viewer: Viewer): Promise<FileRow> {
  const file = await repo.findById(id);
  if (!file || !canViewFile(file, viewer)) throw new NotFoundError(fileMessages.fileNotFound);
  return file;
}
