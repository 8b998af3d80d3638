import fs from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The VAPID key pair that signs every push (RFC 8292). VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when
 * set (several processes must share one pair); otherwise a pair generated once into
 * DATA_DIR/vapid-keys.json (mode 0600) and read back at every start, so browsers' subscriptions,
 * made against the public key, survive restarts. Of two processes creating it at once, `wx`
 * lets one write and the other reads what it wrote. The private key is never logged or returned.
 */
export async function resolveVapidKeys(config: { publicKey: string | null; privateKey: string | null; vapidFile: string }): Promise<VapidKeys> {
  if (config.publicKey && config.privateKey) return { publicKey: config.publicKey, privateKey: config.privateKey };
  const read = async (): Promise<VapidKeys | null> => {
    const parsed = JSON.parse(await fs.readFile(config.vapidFile, 'utf8')) as Partial<VapidKeys>;
    return typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string' ? { publicKey: parsed.publicKey, privateKey: parsed.privateKey } : null;
  };
  try {
    const existing = await read();
    if (existing) return existing;
    throw new Error(`${config.vapidFile} holds no VAPID key pair: remove it or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(path.dirname(config.vapidFile), { recursive: true });
  const fresh = webpush.generateVAPIDKeys();
  try {
    await fs.writeFile(config.vapidFile, JSON.stringify(fresh), { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const theirs = await read();
    if (!theirs) throw new Error(`${config.vapidFile} holds no VAPID key pair: remove it or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`);
    return theirs;
  }
}
