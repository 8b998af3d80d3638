import crypto from 'node:crypto';

/** A random 256-bit token for a cookie or a link, and the hash we store instead of it. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  // The one-shot form: no Hash object per call (every request with a session hashes its cookie).
  return crypto.hash('sha256', token, 'hex');
}
