import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { folderMessages, type FolderAbilities, type FolderRole } from '../../contract/folders';
import { files, folders, users } from '../db/schema/index';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { notHiddenOwnerSql } from './blocks';
import type { Viewer } from './viewer';

/**
 * Who sees and does what on folders (decision 009), decided here and nowhere
 * else: lists filter with `visibleFoldersSql`, single folders are loaded with the viewer's
 * collaborator role in the same query, and `folderAbilities` turns that into what the
 * answers carry. Files reach viewers through folders by `folderFileGrant`, which
 * server/access/visibility.ts adds to its grants so every file read path follows.
 */

/** A folder row with the viewer's stored collaborator role (null when they have none). */
export type FolderAccessFields = { userId: number; isPublic: boolean; isAdminOnly: boolean; collaboratorRole: 'EDITOR' | 'VIEWER' | null };

/** The viewer's collaborator role on `folders`, as a column any folder query can select. */
export function collaboratorRoleSql(viewer: Viewer): SQL<'EDITOR' | 'VIEWER' | null> {
  if (!viewer) return sql<null>`null::text`;
  return sql<'EDITOR' | 'VIEWER' | null>`(select fc.role from folder_collaborators fc where fc.folder_id = ${folders.id} and fc.user_id = ${viewer.id})`;
}

/**
 * The folder rule as a WHERE condition on `folders`: public and not admin-only; or the viewer
 * owns it; or collaborates on it (not admin-only); an admin-only folder shows to admins and
 * its owner only, so a private folder's name and counts never reach an outsider.
 */
export function visibleFoldersSql(viewer: Viewer): SQL {
  const openToAll = and(eq(folders.isPublic, true), eq(folders.isAdminOnly, false))!;
  if (!viewer) return and(openToAll, notHiddenOwnerSql(folders.userId, viewer))!;
  const collaborates = sql`exists (select 1 from folder_collaborators fc where fc.folder_id = ${folders.id} and fc.user_id = ${viewer.id})`;
  const grants: SQL[] = [openToAll, eq(folders.userId, viewer.id), and(eq(folders.isAdminOnly, false), collaborates)!];
  if (viewer.isAdmin) grants.push(eq(folders.isAdminOnly, true));
  // No folder of a member with whom a block stands (server/access/blocks.ts).
  return and(or(...grants)!, notHiddenOwnerSql(folders.userId, viewer))!;
}

/**
 * The same rule for one loaded folder (with the viewer's collaborator role). Blocks are in the
 * SQL every folder is loaded with (`visibleFoldersSql`), not in the row.
 */
export function canViewFolder(folder: FolderAccessFields, viewer: Viewer): boolean {
  if (viewer && folder.userId === viewer.id) return true;
  if (folder.isAdminOnly) return viewer?.isAdmin === true;
  return folder.isPublic || (viewer !== null && folder.collaboratorRole !== null);
}

/** The viewer's role, or null when they see the folder without one (public, or as an admin). */
export function folderRoleOf(folder: FolderAccessFields, viewer: Viewer): FolderRole | null {
  if (!viewer) return null;
  if (folder.userId === viewer.id) return 'OWNER';
  // A collaborator of a folder later made admin-only keeps the row but not the access.
  if (folder.isAdminOnly && !viewer.isAdmin) return null;
  return folder.collaboratorRole;
}

/** What the viewer may do: owners everything, editors the file set, viewers and others nothing. */
export function folderAbilities(folder: FolderAccessFields, viewer: Viewer): FolderAbilities {
  const role = folderRoleOf(folder, viewer);
  const owns = role === 'OWNER';
  return { role, canEdit: owns || role === 'EDITOR', canManage: owns, canDelete: owns };
}

/** The folder, or the same 404 whether it does not exist or the viewer may not see it. */
export function orFolderNotFound<Row extends FolderAccessFields>(folder: Row | null, viewer: Viewer): Row {
  if (!folder || !canViewFolder(folder, viewer)) throw new NotFoundError(folderMessages.folderNotFound);
  return folder;
}

/** Refuses (403) a viewer who sees the folder but may not change its files. */
export function assertCanEditFiles(folder: FolderAccessFields, viewer: Viewer): void {
  if (!folderAbilities(folder, viewer).canEdit) throw new ForbiddenError(folderMessages.notEditor);
}

/** Refuses (403) anyone but the owner: visibility, delete, collaborators, invites. */
export function assertCanManage(folder: FolderAccessFields, viewer: Viewer): void {
  if (!folderAbilities(folder, viewer).canManage) throw new ForbiddenError(folderMessages.notOwner);
}

/**
 * The folders through which a viewer sees files: those they own, and those they collaborate on
 * (an admin-only one only if they are an admin). Starts from the viewer's own rows through the
 * `folders_user_idx` and `folder_collaborators_user_idx` indexes.
 */
function grantingFolderIdsSql(viewer: NonNullable<Viewer>): SQL {
  const adminOnlyOk = viewer.isAdmin ? sql`true` : sql`false`;
  return sql`select fo.id from folders fo where fo.user_id = ${viewer.id}
    union all
    select fc.folder_id from folder_collaborators fc join folders fo on fo.id = fc.folder_id
    where fc.user_id = ${viewer.id} and (not fo.is_admin_only or ${adminOnlyOk})`;
}

/**
 * The files a viewer's folders grant, as (file id, owner id) pairs: a file counts only where its
 * own owner put it (`added_by`). Uncorrelated, so PostgreSQL computes it once per query as a
 * small hashed set from the viewer's folders, instead of probing every folder link per file.
 */
export function folderGrantPairsSql(viewer: NonNullable<Viewer>): SQL {
  // Each granting folder's links through folder_files_pair_idx, never a scan of every link: the
  // planner would hash all of folder_files for a few dozen folders (`offset 0` keeps the lateral
  // subquery from being flattened into that join).
  return sql`select ff.file_id, ff.added_by from (${grantingFolderIdsSql(viewer)}) g(id)
    cross join lateral (select l.file_id, l.added_by from folder_files l where l.folder_id = g.id offset 0) ff`;
}

/**
 * The grant a folder gives on `files`: the file is in a folder the viewer owns or collaborates
 * on, and the file's own owner put it there. A file keeps its own visibility: a public folder
 * shows a private file only to the folder's members, and a file someone else saved while it
 * was public stops showing through their folder once its owner makes it private.
 */
export function folderFileGrant(viewer: Viewer): SQL | null {
  if (!viewer) return null;
  return sql`(${files.id}, ${files.userId}) in (${folderGrantPairsSql(viewer)})`;
}

/**
 * `folderFileGrant` for many members at once: the member is the `users` row the query joins
 * (its id and admin flag), not one viewer given as values. The same rule, term for term.
 */
export function folderFileGrantOfMemberRow(): SQL {
  return sql`exists (select 1 from folder_files ff join folders fo on fo.id = ff.folder_id
    where ff.file_id = ${files.id} and ff.added_by = ${files.userId}
    and (fo.user_id = ${users.id} or ((not fo.is_admin_only or ${users.isAdmin})
      and exists (select 1 from folder_collaborators fc where fc.folder_id = fo.id and fc.user_id = ${users.id}))))`;
}

/**
 * The viewer edits a folder that holds the file as its own owner put it there: they own the
 * folder or collaborate on it as EDITOR (admin-only folders for admins). Such a member may
 * change the file's tags and alt text, never what its owner decides (docs/decisions/032).
 */
export function folderEditorOfFileSql(viewer: NonNullable<Viewer>): SQL {
  const adminOnlyOk = viewer.isAdmin ? sql`true` : sql`false`;
  return sql`exists (select 1 from folder_files ff join folders fo on fo.id = ff.folder_id
    where ff.file_id = ${files.id} and ff.added_by = ${files.userId}
    and (fo.user_id = ${viewer.id} or ((not fo.is_admin_only or ${adminOnlyOk})
      and exists (select 1 from folder_collaborators fc where fc.folder_id = fo.id and fc.user_id = ${viewer.id} and fc.role = 'EDITOR'))))`;
}
