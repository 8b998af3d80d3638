import { getTableColumns } from 'drizzle-orm';
import { files } from '../db/schema/index';
import { KEY_COLUMNS } from '../storage/file-objects';

// The backup reads inside a snapshot it holds itself (an exported PostgreSQL snapshot, or
// PGlite's lock), through a bare connection rather than Drizzle: the statements are plain text.

const fileKeyColumns = KEY_COLUMNS.map((column) => `"${getTableColumns(files)[column].name}"`).join(', ');

/**
 * Every stored object a row names, with nothing a backup leaves out: a file's objects and
 * members' avatars (the start-up sweep's `referencedKeys` also keeps members' data archives).
 */
export const BACKUP_KEYS_SQL = `SELECT DISTINCT k FROM (
  SELECT unnest(ARRAY[${fileKeyColumns}]) AS k FROM public.files
  UNION ALL SELECT profile_image_key FROM public.users
) AS named WHERE k IS NOT NULL ORDER BY k`;

/** How many of the app's migrations the database has (Drizzle's own table). */
export const MIGRATION_COUNT_SQL = 'SELECT count(*) FROM drizzle.__drizzle_migrations';

/** Tables that make a database "not empty" for restore: any of ours, of the job queue's, or of Drizzle's. */
export const USER_TABLES_SQL = `SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`;

/** Images restored without a recognition result get their `file.uploaded` job again (jobs are not in a backup). */
export const UNRECOGNISED_IMAGES_SQL = `SELECT id FROM public.files WHERE kind = 'image' AND recognized_at IS NULL ORDER BY id`;

/** Videos and audio restored while their web rendition was being made get their `file.rendition` job again. */
export const PENDING_RENDITIONS_SQL = `SELECT id FROM public.files WHERE rendition_state = 'pending' ORDER BY id`;
