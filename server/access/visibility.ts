import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { fileMessages } from '../../contract/files';
import { files, users } from '../db/schema/index';
import { NotFoundError } from '../lib/errors';
import { blockBetweenSql, isHiddenOwner, notHiddenOwnerSql } from './blocks';
import { folderEditorOfFileSql, folderFileGrant, folderFileGrantOfMemberRow, folderGrantPairsSql } from './folder-access';
import type { Viewer } from './viewer';

/**
 * Who sees what (decision 006), decided here and nowhere else: every read path
 * (feeds, slideshow, tags, detail, bytes, comments, likes, views, counts) asks this module,
 * lists through `visibleFilesSql` and single files through `findVisibleFile`.
 *
 * Admins see files as members do: DESIGN gives admins admin-only folders and the admin
 * endpoints, not other members' private files (docs/decisions/006-visibility-module.md).
 */
export type { Viewer };

/** The columns a decision about one loaded file reads. */
export type FileAccessFields = { userId: number; isPublic: boolean; isNsfw: boolean };

export type VisibleFilesOptions = {
  /** Leave NSFW files out: visitors' showcases (landing pictures, slideshow) never carry them. */
  excludeNsfw?: boolean;
};

export type FileAbilities = { canEdit: boolean; canDelete: boolean };

/**
 * The ways a file becomes visible to this viewer, as SQL; a file is visible when any holds:
 * public, own, or in a folder the viewer owns or collaborates on (server/access/folder-access.ts),
 * so every list and lookup follows the folder rule too.
 */
function visibilityGrants(viewer: Viewer): SQL[] {
  const grants: SQL[] = [sql`${files.isPublic}`];
  if (viewer) grants.push(eq(files.userId, viewer.id));
  const throughFolder = folderFileGrant(viewer);
  if (throughFolder) grants.push(throughFolder);
  return grants;
}

/**
 * The rule as a WHERE condition on `files`, for every list, count and lookup: a grant holds and
 * no block stands between the viewer and the owner (server/access/blocks.ts).
 */
export function visibleFilesSql(viewer: Viewer, options: VisibleFilesOptions = {}): SQL {
  const visible = or(...visibilityGrants(viewer))!;
  return and(visible, notHiddenOwnerSql(files.userId, viewer), options.excludeNsfw ? eq(files.isNsfw, false) : undefined)!;
}

/**
 * The rule for a file already loaded, from its own columns. It knows the grants that the row
 * itself carries (public, own); a file visible only through a folder is found by the SQL, so
 * routes look files up with `findVisibleFile` and keep this for decisions on loaded rows.
 */
export function canViewFile(file: FileAccessFields, viewer: Viewer, options: VisibleFilesOptions = {}): boolean {
  if (options.excludeNsfw && file.isNsfw) return false;
  return file.isPublic || (viewer !== null && file.userId === viewer.id);
}

/**
 * The same rule split for caches (docs/decisions/018): what any member may see is the public
 * files, shared by everyone; what only this viewer may see beyond them is this query: the ids of
 * non-public files that are theirs or that their folders grant, newest first. Public ∪ these ids
 * is exactly `visibleFilesSql(viewer)` (tested in visibility.int.test.ts).
 */
export function privateGrantIdsSql(viewer: NonNullable<Viewer>): SQL {
  return sql`select id from (
      select f.id from files f where f.user_id = ${viewer.id} and not f.is_public
      union
      select f.id from (${folderGrantPairsSql(viewer)}) g join files f on f.id = g.file_id and f.user_id = g.added_by where not f.is_public
    ) granted order by id desc`;
}

/**
 * The rule for a cached file: public, or the viewer's own, or among their private grants; and
 * its owner is not among the members hidden from the viewer (`hidden`: blocks either way).
 */
export function canViewCached(
  file: FileAccessFields & { id: number },
  viewer: Viewer,
  privateGrants: ReadonlySet<number>,
  options: VisibleFilesOptions = {},
  hidden: ReadonlySet<number> = NO_ONE,
): boolean {
  if (options.excludeNsfw && file.isNsfw) return false;
  if (isHiddenOwner(file.userId, viewer, hidden)) return false;
  if (file.isPublic) return true;
  if (!viewer) return false;
  return file.userId === viewer.id || privateGrants.has(file.id);
}

const NO_ONE: ReadonlySet<number> = new Set();

/** Visitors discover no NSFW files; members see them, blurred or not by their preference. */
export function discoveryOptions(viewer: Viewer): VisibleFilesOptions {
  return { excludeNsfw: viewer === null };
}

/** What the viewer may do with a file they can see; sent with every file so clients never guess. */
export function fileAbilities(file: FileAccessFields, viewer: Viewer): FileAbilities {
  const owns = viewer !== null && file.userId === viewer.id;
  return { canEdit: owns, canDelete: owns };
}

/**
 * What this viewer may change of a file they can see: everything when it is theirs; its tags
 * and alt text when they edit a folder holding it (`folderEditorOfFileSql`); else nothing.
 */
export type EditRights = 'all' | 'tagsAndAlt' | 'none';

export async function fileEditRights<Row>(repo: FindFileWhere<Row>, file: FileAccessFields & { id: number }, viewer: NonNullable<Viewer>): Promise<EditRights> {
  if (fileAbilities(file, viewer).canEdit) return 'all';
  const viaFolder = await repo.findOneWhere(and(eq(files.id, file.id), folderEditorOfFileSql(viewer))!);
  return viaFolder ? 'tagsAndAlt' : 'none';
}

/** A lookup that returns a row only when the condition holds (one query, no second round trip). */
export type FindFileWhere<Row> = { findOneWhere(where: SQL): Promise<Row | null> };

/** The file, or the same 404 whether it does not exist or this viewer may not see it. */
export async function findVisibleFile<Row>(repo: FindFileWhere<Row>, id: number, viewer: Viewer): Promise<Row> {
  return orNotFound(await repo.findOneWhere(and(eq(files.id, id), visibleFilesSql(viewer))!));
}

/** The file behind a stored object's key prefix, under the same rule and the same 404. */
export async function findVisibleFileByKeyBase<Row>(repo: FindFileWhere<Row>, keyBase: string, viewer: Viewer): Promise<Row> {
  return orNotFound(await repo.findOneWhere(and(eq(files.keyBase, keyBase), visibleFilesSql(viewer))!));
}

/** A lookup of member ids among `memberIds` for which a condition on `users` joined with file `fileId` holds. */
export type FindMemberIdsWhere = { findIdsWhereFile(fileId: number, memberIds: number[], where: SQL): Promise<number[]> };

/**
 * Which of these members may see file `fileId`, in one query for all of them: the grants of
 * `visibleFilesSql` (public, own, through a folder they own or collaborate on, admin-only folders
 * for admins) with each member's row as the viewer. A reply's fan-out asks once, not per member.
 */
export async function membersWhoSeeFile(repo: FindMemberIdsWhere, fileId: number, memberIds: number[]): Promise<number[]> {
  if (!memberIds.length) return [];
  const grants = or(sql`${files.isPublic}`, eq(files.userId, users.id), folderFileGrantOfMemberRow())!;
  return repo.findIdsWhereFile(fileId, memberIds, and(grants, sql`not ${blockBetweenSql(users.id, files.userId)}`)!);
}

function orNotFound<Row>(row: Row | null): Row {
  if (!row) throw new NotFoundError(fileMessages.fileNotFound);
  return row;
}
