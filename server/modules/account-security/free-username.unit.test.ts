import { describe, expect, it } from 'vitest';
import { usernameBase, usernameCandidates } from './free-username';

describe('usernameBase', () => {
  it('makes a valid username from the preferred username, the email or the name, in that order', () => {
    expect(usernameBase({ preferred_username: 'Ana.Silva', email: 'x@example.com' })).toBe('ana_silva');
    expect(usernameBase({ email: 'José-María@example.com' })).toBe('jose_maria');
    expect(usernameBase({ name: 'Zoë Ölund' })).toBe('zoe_olund');
  });

  it('pads what is too short and cuts what is too long, leaving room for a number', () => {
    expect(usernameBase({ preferred_username: 'ab' })).toBe('member_ab');
    expect(usernameBase({})).toBe('member');
    expect(usernameBase({ preferred_username: 'a'.repeat(40) })).toHaveLength(16);
  });

  it('offers numbered candidates within the 20-character limit', () => {
    const candidates = usernameCandidates('b'.repeat(16));
    expect(candidates[0]).toBe('b'.repeat(16));
    expect(candidates[1]).toBe(`${'b'.repeat(16)}2`);
    for (const c of candidates) expect(c).toMatch(/^[a-z0-9_]{3,20}$/);
    expect(new Set(candidates.slice(0, -3)).size).toBe(candidates.length - 3);
  });
});
