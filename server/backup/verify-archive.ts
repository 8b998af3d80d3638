import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import tar from 'tar-stream';
import { BACKUP_FORMAT, MANIFEST_ENTRY, MANIFEST_SUM_ENTRY, objectEntryName, sha256Hex, type BackupManifest } from './backup-format';
import { hashing } from './tar-entries';

/** The archive cannot be restored; the message names what is wrong, and nothing was written. */
export class ArchiveError extends Error {}

const MAX_NAMED = 10;

function nameList(names: string[]): string {
  const shown = names.slice(0, MAX_NAMED).join(', ');
  return names.length > MAX_NAMED ? `${shown} and ${names.length - MAX_NAMED} more` : shown;
}

/**
 * Reads the whole archive once and checks it against its manifest before anything is written:
 * the manifest against its own checksum, then the database dump and every object the manifest
 * lists by size and sha256. Entries the manifest does not list (copied for a snapshot the
 * backup then retook) are ignored.
 */
export async function verifyArchive(file: string): Promise<BackupManifest> {
  const seen = new Map<string, { sha256: string; size: number }>();
  let manifestBytes: Buffer | null = null;
  let manifestSum: string | null = null;
  let last = 'its start';
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const small = header.name === MANIFEST_ENTRY || header.name === MANIFEST_SUM_ENTRY;
    const chunks: Buffer[] = [];
    const hash = hashing();
    pipeline(
      stream,
      hash,
      new Writable({
        write(chunk: Buffer, _enc, done) {
          if (small) chunks.push(chunk);
          done();
        },
      }),
    ).then(() => {
      seen.set(header.name, hash.digest());
      if (header.name === MANIFEST_ENTRY) manifestBytes = Buffer.concat(chunks);
      if (header.name === MANIFEST_SUM_ENTRY) manifestSum = Buffer.concat(chunks).toString('utf8').split(/\s/)[0];
      last = header.name;
      next();
    }, next);
  });
  try {
    await pipeline(createReadStream(file), extract);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ArchiveError(`No backup archive at ${file}`);
    throw new ArchiveError(`The archive is damaged after ${last}: ${(err as Error).message}`);
  }
  if (!manifestBytes || !manifestSum) throw new ArchiveError(`The archive has no ${MANIFEST_ENTRY}: it is incomplete (the backup did not finish) or not a Kaleido backup`);
  if (sha256Hex(manifestBytes) !== manifestSum) throw new ArchiveError(`${MANIFEST_ENTRY} is damaged: its checksum does not match`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse((manifestBytes as Buffer).toString('utf8')) as BackupManifest;
  } catch {
    throw new ArchiveError(`${MANIFEST_ENTRY} is damaged: it is not JSON`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new ArchiveError(`This archive has format ${manifest.format}; this version of Kaleido restores format ${BACKUP_FORMAT}`);

  const db = seen.get(manifest.database.entry);
  if (!db) throw new ArchiveError(`The database dump (${manifest.database.entry}) is missing from the archive`);
  if (db.sha256 !== manifest.database.sha256 || db.size !== manifest.database.size) throw new ArchiveError(`The database dump (${manifest.database.entry}) is damaged: its checksum does not match the manifest`);
  const missing: string[] = [];
  const damaged: string[] = [];
  for (const o of manifest.objects) {
    const got = seen.get(objectEntryName(o.key));
    if (!got) missing.push(o.key);
    else if (got.sha256 !== o.sha256 || got.size !== o.size) damaged.push(o.key);
  }
  if (damaged.length > 0) throw new ArchiveError(`Stored object ${nameList(damaged)} ${damaged.length === 1 ? 'is' : 'are'} damaged: checksum does not match the manifest`);
  if (missing.length > 0) throw new ArchiveError(`Stored object ${nameList(missing)} ${missing.length === 1 ? 'is' : 'are'} missing from the archive`);
  return manifest;
}
