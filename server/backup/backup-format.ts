import { createHash } from 'node:crypto';

// What one backup archive holds (a tar file, readable with `tar tf`): the stored objects first,
// in the order they were copied, then the database dump, then the manifest that lists and
// checksums both, then the manifest's own checksum. Restore reads the manifest last and trusts
// nothing it does not list.

/** Bumped when the layout changes; restore refuses a format it does not know. */
export const BACKUP_FORMAT = 1;
export const DATABASE_ENTRY = 'database.sql';
export const MANIFEST_ENTRY = 'manifest.json';
export const MANIFEST_SUM_ENTRY = 'manifest.json.sha256';
export const OBJECT_PREFIX = 'objects/';

/**
 * Rows that are not in a backup: sessions (everyone signs in again after a restore; a copy of
 * live session hashes in a file that travels is a risk with no use) and members' data archives,
 * which are copies of their own data valid for a week and are asked for again, and sign-in steps
 * under way (auth_flows), which live minutes. `file_counts` is a copy of the files' counters that
 * the database's triggers write as the files' rows are loaded (docs/decisions/011-search.md).
 */
export const EXCLUDED_TABLES = ['sessions', 'member_archives', 'auth_flows', 'file_counts'] as const;

export type ManifestEntry = { key: string; size: number; sha256: string };

export type BackupManifest = {
  format: number;
  createdAt: string;
  /** The database the dump came from; the dump itself loads into either kind. */
  source: 'pglite' | 'postgres';
  /** How many of the app's migrations the dumped database had: restore migrates to that point, loads, then migrates on. */
  migrations: number;
  database: { entry: string; size: number; sha256: string };
  objects: ManifestEntry[];
  /** Keys the database names whose objects were already gone before the backup (not restorable). */
  lost: string[];
};

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export function objectEntryName(key: string): string {
  return `${OBJECT_PREFIX}${key}`;
}
