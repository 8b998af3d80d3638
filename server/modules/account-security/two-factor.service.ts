import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT, securityMessages as m } from '../../../contract/account-security';
import { ConflictError, ValidationError } from '../../lib/errors';
import type { UserRow } from '../users/users.repo';
import type { SecretBox } from './secret-box';
import type { TwoFactorRepo } from './two-factor.repo';

const ISSUER = 'Kaleido';
const PERIOD_SECONDS = 30;
/** A code of the step before or after now still counts: phones' clocks drift. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;
// No 0/O, 1/l/i: a code copied from paper reads one way only.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 12 characters from 31 (59 bits), shown as `xxxx-xxxx-xxxx`. */
function newRecoveryCode(): string {
  const chars = Array.from(crypto.randomBytes(12), (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** What a member typed, as stored: spaces and dashes dropped, lower case. */
function normalise(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

function hashRecoveryCode(code: string): string {
  return crypto.createHash('sha256').update(normalise(code)).digest('hex');
}

function isAppCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

type Deps = { repo: TwoFactorRepo; box: SecretBox };

/** Authenticator-app codes (TOTP, RFC 6238) and recovery codes (docs/decisions/034). */
export function createTwoFactorService(d: Deps) {
  async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    return { codes, hashes: codes.map(hashRecoveryCode) };
  }

  /** A current app code, each good once (replays refused), for the stored secret. */
  async function checkAppCode(userId: number, sealed: string, code: string): Promise<boolean> {
    const secret = d.box.open(sealed);
    if (!secret) return false;
    const result = await verify({ secret, token: code.replace(/\s/g, ''), period: PERIOD_SECONDS, epochTolerance: TOLERANCE_SECONDS }).catch(() => ({ valid: false as const }));
    // The functional verify types HOTP and TOTP results as one: a TOTP result carries its step.
    return result.valid && 'timeStep' in result && (await d.repo.claimStep(userId, result.timeStep as number));
  }

  return {
    isEnabled: (userId: number) => d.repo.isEnabled(userId),
    recoveryCodesLeft: (userId: number) => d.repo.recoveryCodesLeft(userId),

    /** A new secret waiting for its first code; the app reads it from the QR code or the text. */
    async setUp(user: UserRow): Promise<{ secret: string; otpauthUrl: string }> {
      const secret = generateSecret();
      if (!(await d.repo.savePending(user.id, d.box.seal(secret)))) throw new ConflictError(m.twoFactorAlreadyOn);
      return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: user.email, secret, period: PERIOD_SECONDS }) };
    },

    /** The first code proves the app holds the secret: two-factor goes on, with ten recovery codes shown once. */
    async enable(user: UserRow, code: string): Promise<string[]> {
      const row = await d.repo.find(user.id);
      if (!row) throw new ValidationError(m.twoFactorNotSetUp);
      if (row.enabledAt) throw new ConflictError(m.twoFactorAlreadyOn);
      if (!isAppCode(code) || !(await checkAppCode(user.id, row.secret, code))) throw new ValidationError(m.invalidCode, { code: m.invalidCode });
      const { codes, hashes } = await newRecoveryCodes();
      if (!(await d.repo.enable(user.id, hashes))) throw new ConflictError(m.twoFactorAlreadyOn);
      return codes;
    },

    /**
     * An app code or an unused recovery code of a member with two-factor on; each is good once.
     * False for a member without two-factor.
     */
    async verify(userId: number, code: string): Promise<boolean> {
      const row = await d.repo.find(userId);
      if (!row?.enabledAt) return false;
      if (isAppCode(code)) return checkAppCode(userId, row.secret, code);
      return d.repo.useRecoveryCode(userId, hashRecoveryCode(code));
    },

    async disable(user: UserRow, code: string): Promise<void> {
      if (!(await d.repo.isEnabled(user.id))) throw new ConflictError(m.twoFactorNotOn);
      if (!(await this.verify(user.id, code))) throw new ValidationError(m.invalidCode, { code: m.invalidCode });
      await d.repo.remove(user.id);
    },

    async regenerateRecoveryCodes(user: UserRow, code: string): Promise<string[]> {
      if (!(await d.repo.isEnabled(user.id))) throw new ConflictError(m.twoFactorNotOn);
      if (!(await this.verify(user.id, code))) throw new ValidationError(m.invalidCode, { code: m.invalidCode });
      const { codes, hashes } = await newRecoveryCodes();
      await d.repo.replaceRecoveryCodes(user.id, hashes);
      return codes;
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
