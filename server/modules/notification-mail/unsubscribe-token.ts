import crypto from 'node:crypto';
import { ID_MAX } from '../../../contract/common';

/** How long a mail's unsubscribe link works: long enough for an old mail found in an inbox. */
export const UNSUBSCRIBE_TTL_MS = 60 * 24 * 60 * 60 * 1000;

const PURPOSE = 'unsubscribe-notification-emails';

function signature(secret: Buffer, userId: number, expiresAt: number): string {
  return crypto.createHmac('sha256', secret).update(`${PURPOSE}:${userId}:${expiresAt}`).digest('base64url');
}

/**
 * `{userId}.{expiry in epoch seconds}.{HMAC-SHA256}`: nothing stored, so the link works signed out
 * and after a restart; the purpose in the MAC keeps it from passing as any other signed value.
 */
export function createUnsubscribeToken(secret: Buffer, userId: number, now = Date.now()): string {
  const expiresAt = Math.floor((now + UNSUBSCRIBE_TTL_MS) / 1000);
  return `${userId}.${expiresAt}.${signature(secret, userId, expiresAt)}`;
}

/** The member the token names, or null when it is malformed, forged or expired. */
export function verifyUnsubscribeToken(secret: Buffer, token: string, now = Date.now()): number | null {
  const match = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (userId > ID_MAX) return null;
  const expiresAt = Number(match[2]);
  const expected = Buffer.from(signature(secret, userId, expiresAt));
  const given = Buffer.from(match[3]);
  if (!crypto.timingSafeEqual(expected, given)) return null;
  if (expiresAt * 1000 <= now) return null;
  return userId;
}
