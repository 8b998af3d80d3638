import crypto from 'node:crypto';

/** OWASP's device cookie: proof that this browser signed in to this account before. */
export const DEVICE_COOKIE = 'kaleido_device';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const PURPOSE = 'device';

function signature(secret: Buffer, userId: number, nonce: string): string {
  return crypto.createHmac('sha256', secret).update(`${PURPOSE}:${userId}:${nonce}`).digest('base64url');
}

/** `userId.nonce.signature`, signed with the app secret: nothing is stored, and no one can forge one. */
export function createDeviceCookie(secret: Buffer, userId: number): string {
  const nonce = crypto.randomBytes(12).toString('base64url');
  return `${userId}.${nonce}.${signature(secret, userId, nonce)}`;
}

/** The device's nonce when `value` is a genuine device cookie of member `userId`; null otherwise. */
export function readDeviceCookie(secret: Buffer, value: string | undefined, userId: number): string | null {
  if (!value || value.length > 200) return null;
  const [id, nonce, sig] = value.split('.');
  if (Number(id) !== userId || !nonce || !sig) return null;
  const expected = Buffer.from(signature(secret, userId, nonce));
  const given = Buffer.from(sig);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? nonce : null;
}
