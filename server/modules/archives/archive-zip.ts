import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Storage } from '../../storage/storage';
import { downloadName } from '../files/download-name';

// The zip a member downloads: JSON for every kind of row, their originals beside it. Streamed
// from storage into storage (one original open at a time), never held in memory.

const ROOT = 'kaleido-data';

const README = `Your Kaleido data

profile.json        your account and settings
files.json          your files; "path" is where each original is in this archive
files/              the originals you uploaded, as you uploaded them
folders.json        your folders with the files in them, and the folders you collaborate on
comments.json       your comments
likes.json          the files you liked
follows.json        who you follow and who follows you
messages.json       your conversations, both sides
avatar.webp         your profile picture, if you set one

Names of other members' files are only included while you can still see those files.
`;

export type ArchiveOriginal = { id: number; storageKey: string; originalName: string; fileType: string };

/** A name that cannot climb out of `files/` or carry control characters. */
function safeName(name: string): string {
  return name.replace(/[\\/\u0000-\u001f\u007f]/g, '_').replace(/^\.+/, '_').slice(0, 150) || 'file';
}

export function originalPath(f: ArchiveOriginal): string {
  return `files/${f.id}-${safeName(downloadName(f.originalName, f.fileType))}`;
}

/** Writes the zip under `key`; answers its size. */
export async function writeArchiveZip(
  storage: Storage,
  key: string,
  documents: Record<string, unknown>,
  originals: ArchiveOriginal[],
  avatarKey: string | null,
): Promise<number> {
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as Readable;
  // An original that cannot be read fails the whole zip (and so the job, which retries).
  zip.on('error', (err: Error) => out.destroy(err));
  zip.addBuffer(Buffer.from(README), `${ROOT}/README.txt`);
  for (const [name, value] of Object.entries(documents)) zip.addBuffer(Buffer.from(JSON.stringify(value, null, 2)), `${ROOT}/${name}.json`);
  const lazy = (storageKey: string) => (cb: (err: unknown, stream: NodeJS.ReadableStream) => void) => {
    storage.get(storageKey).then((s) => cb(null, s), (err) => cb(err, undefined as never));
  };
  // Media is compressed already: stored, not deflated.
  for (const f of originals) zip.addReadStreamLazy(`${ROOT}/${originalPath(f)}`, { compress: false }, lazy(f.storageKey));
  if (avatarKey) zip.addReadStreamLazy(`${ROOT}/avatar.webp`, { compress: false }, lazy(avatarKey));
  zip.end();
  const { size } = await storage.put(key, out, { contentType: 'application/zip' });
  return size;
}
