import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, readdir, rename, rm, stat as fsStat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  StorageNotFoundError,
  type ByteRange,
  type Storage,
  type StorageBody,
  type StorageStat,
  type StoredEntry,
} from './storage';

// Local-disk Storage under `rootDir`. Writes go to a temp file in the target directory and
// are renamed into place, so a reader (or a crash) never observes a half-written object.
export function createLocalStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);

  function resolveKey(key: string): string {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  }

  async function put(key: string, body: StorageBody): Promise<{ size: number }> {
    const target = resolveKey(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeBody(temp, body);
      const { size } = await fsStat(temp);
      await rename(temp, target);
      return { size };
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  async function get(key: string, range?: ByteRange): Promise<Readable> {
    const target = resolveKey(key);
    if (range && (range.start < 0 || range.end < range.start)) {
      throw new RangeError(`Invalid byte range ${range.start}-${range.end}`);
    }
    // Opening first turns a missing file into a typed error here, instead of an 'error'
    // event on a stream the caller may already have handed to the HTTP reply.
    const handle = await open(target, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR') {
        throw new StorageNotFoundError(key);
      }
      throw error;
    });
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async function stat(key: string): Promise<StorageStat | null> {
    try {
      const info = await fsStat(resolveKey(key));
      return info.isFile() ? { size: info.size, mtime: info.mtime, etag: `${info.size.toString(16)}-${info.mtime.getTime().toString(16)}` } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    await rm(resolveKey(key), { force: true });
  }

  // Half-written objects (`.<name>.<hex>.tmp`, see put) are listed too: the sweep removes old ones.
  async function* list(): AsyncIterable<StoredEntry> {
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error) => {
      if (isMissing(error)) return [];
      throw error;
    });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const info = await fsStat(file).catch(() => null);
      if (info) yield { key: path.relative(root, file).split(path.sep).join('/'), size: info.size, mtime: info.mtime };
    }
  }

  return { put, get, stat, delete: remove, list, close: async () => undefined };
}

async function writeBody(temp: string, body: StorageBody): Promise<void> {
  if (Buffer.isBuffer(body)) {
    await writeFile(temp, body, { flag: 'wx' });
  } else if (body instanceof Readable) {
    // Opened before the body flows: a body that fails at once would otherwise reject before the
    // stream created the file, and put()'s cleanup would miss the file created after it.
    const handle = await open(temp, 'wx');
    await pipeline(body, handle.createWriteStream());
  } else {
    // A copy, not a rename: the caller owns its temp file and may still need it
    // (e.g. to derive thumbnails after storing the original).
    await copyFile(body.path, temp);
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
