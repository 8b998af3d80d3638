import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The key that signs links the server must recognise later without storing them (unsubscribe).
 * APP_SECRET when set (several processes on several machines must share it); otherwise 32 random
 * bytes written once to DATA_DIR/app-secret (mode 0600) and read back at every start, so links
 * survive restarts on the embedded default. Of two processes creating it at once, `wx` lets one
 * write and the other reads what it wrote. Never logged, never returned.
 */
export async function resolveAppSecret(config: { appSecret: string | null; secretFile: string }): Promise<Buffer> {
  if (config.appSecret) return Buffer.from(config.appSecret, 'utf8');
  const read = async () => Buffer.from((await fs.readFile(config.secretFile, 'utf8')).trim(), 'base64url');
  try {
    const existing = await read();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(path.dirname(config.secretFile), { recursive: true });
  const fresh = crypto.randomBytes(32);
  try {
    await fs.writeFile(config.secretFile, fresh.toString('base64url'), { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Another process won the race (or an unreadable short file is there: refuse to guess).
    const theirs = await read();
    if (theirs.length < 32) throw new Error(`${config.secretFile} holds no usable secret: remove it or set APP_SECRET`);
    return theirs;
  }
}
