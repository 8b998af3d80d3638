import { randomInt } from 'node:crypto';
import { USERNAME_MAX, USERNAME_MIN } from '../../../contract/limits';

/**
 * A username that fits the rules (3–20 of `[a-z0-9_]`) made from what the provider says of the
 * member: its preferred username, else the email's local part, else the name.
 */
export function usernameBase(claims: { preferred_username?: unknown; email?: unknown; name?: unknown }): string {
  const pick = [claims.preferred_username, typeof claims.email === 'string' ? claims.email.split('@')[0] : null, claims.name].find(
    (v): v is string => typeof v === 'string' && v.trim().length > 0,
  );
  const cleaned = (pick ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
    // Room for a numeric suffix when the name is taken.
    .slice(0, USERNAME_MAX - 4);
  return cleaned.length >= USERNAME_MIN ? cleaned : `member${cleaned ? `_${cleaned}` : ''}`;
}

/** The base, then the base with a number: `ana`, `ana2`, `ana3`… then random ones. */
export function usernameCandidates(base: string, count = 12): string[] {
  const out = [base];
  for (let i = 2; out.length < count - 3; i++) out.push(`${base}${i}`);
  for (let i = 0; i < 3; i++) out.push(`${base.slice(0, USERNAME_MAX - 4)}${randomInt(1000, 10_000)}`);
  return out.map((u) => u.slice(0, USERNAME_MAX));
}
