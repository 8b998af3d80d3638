import { chmod, lstat, mkdir, opendir, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Everything the server keeps under DATA_DIR (the embedded database with its WAL, stored
// originals, archives, scratch files, the outbox, the app secret, the control socket) is the
// server's alone (docs/decisions/026): no other local account may read or change it.

/** Written once every older entry was tightened: later starts skip the walk. */
export const PRIVATE_MARK = '.private-modes';

/** Modes the server gives what it writes: folders 0700, files 0600. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes the process create everything owner-only (umask 077: the database, storage and every
 * library open files with 0666 and folders with 0777, which the umask cuts to 0600 and 0700),
 * then, on the first start over a folder an older version wrote, takes group and other access
 * off every entry already there. Answers how many entries it changed.
 */
export async function keepDataDirPrivate(dataDir: string): Promise<number> {
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const mark = path.join(dataDir, PRIVATE_MARK);
  if (await lstat(mark).then(() => true, () => false)) return 0;
  const changed = await tighten(dataDir);
  await writeFile(mark, 'Every entry under this folder was made owner-only; new ones are created so.\n', { mode: PRIVATE_FILE_MODE });
  return changed;
}

/**
 * Clears group and other bits of `entry` and, for a folder, of everything under it (links are
 * left as they are); answers how many entries it changed. The embedded database's first start
 * copies its initial files with their own modes, past the umask: its folder is passed again
 * after it opens.
 */
export async function tighten(entry: string): Promise<number> {
  const stat = await lstat(entry).catch(() => null);
  if (!stat || stat.isSymbolicLink()) return 0;
  let changed = 0;
  if (stat.mode & 0o077) {
    await chmod(entry, stat.mode & 0o700);
    changed++;
  }
  if (!stat.isDirectory()) return changed;
  const dir = await opendir(entry);
  for await (const child of dir) changed += await tighten(path.join(entry, child.name));
  return changed;
}
