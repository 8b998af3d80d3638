import crypto from 'node:crypto';

/**
 * Authenticator-app secrets at rest: AES-256-GCM under a key derived from the app secret, so a
 * copy of the database alone gives no member's codes. `v1.iv.tag.ciphertext`, base64url.
 */
export function createSecretBox(appSecret: Buffer) {
  const key = Buffer.from(crypto.hkdfSync('sha256', appSecret, Buffer.alloc(0), 'kaleido two-factor secrets', 32));
  return {
    seal(plain: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    /** Null when the value was sealed under another secret (APP_SECRET changed) or altered. */
    open(sealed: string): string | null {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
