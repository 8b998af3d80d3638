import { NotFoundError } from '../lib/errors';
import type { Viewer } from './visibility';

export type ArchiveAccessFields = { userId: number; status: string; expiresAt: Date | null };

/**
 * A data archive holds one member's private data (their private files, both sides of their
 * messages): only that member downloads it, only while it is ready and not expired. Anyone
 * else, and everyone after expiry, gets the same 404 as for an archive that never existed.
 */
export function canDownloadArchive(archive: ArchiveAccessFields, viewer: Viewer, now = new Date()): boolean {
  return !!viewer && archive.userId === viewer.id && archive.status === 'ready' && !!archive.expiresAt && archive.expiresAt > now;
}

export function orArchiveNotFound<Row extends ArchiveAccessFields>(archive: Row | null, viewer: Viewer): Row {
  if (!archive || !canDownloadArchive(archive, viewer)) throw new NotFoundError('Archive not found');
  return archive;
}
