import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pack } from 'tar-stream';

/** Passes bytes through while hashing them, so every byte is read once. */
export function hashing(): Transform & { digest(): { sha256: string; size: number } } {
  const hash = createHash('sha256');
  let size = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(t, { digest: () => ({ sha256: hash.digest('hex'), size }) });
}

/** Streams `body` into the archive as one entry of `size` bytes; answers its checksum. */
export async function addEntry(pack: Pack, name: string, size: number, body: Readable): Promise<{ sha256: string; size: number }> {
  const hash = hashing();
  const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date() });
  await pipeline(body, hash, entry);
  return hash.digest();
}

export async function addBuffer(pack: Pack, name: string, data: Buffer): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    pack.entry({ name, size: data.length, mode: 0o600, mtime: new Date() }, data, (err) => (err ? reject(err) : resolve()));
  });
}
