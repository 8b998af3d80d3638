import { or, eq, sql, type SQL } from 'drizzle-orm';
import { files } from '../../db/schema/index';

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
