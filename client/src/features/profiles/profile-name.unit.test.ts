import { describe, expect, it } from 'vitest';
import { countLabel, profileDisplayName, profileInitials } from './profile-name';

describe('profile display name', () => {
  it('joins first and last name when both exist', () => {
    expect(profileDisplayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.io' })).toBe('Ada Lovelace');
  });
  it('falls back to the first name, then the email, then Anonymous User', () => {
    expect(profileDisplayName({ firstName: 'Ada', lastName: null })).toBe('Ada');
    expect(profileDisplayName({ firstName: '', lastName: 'Lovelace', email: 'ada@x.io' })).toBe('ada@x.io');
    expect(profileDisplayName({ firstName: null, lastName: 'Lovelace' })).toBe('Anonymous User');
    expect(profileDisplayName({ firstName: '  ', lastName: '  ' })).toBe('Anonymous User');
  });
  it('takes another fallback for lists', () => {
    expect(profileDisplayName({}, 'Anonymous')).toBe('Anonymous');
  });
});

describe('profile initials', () => {
  it('uses first letters of first and last name', () => {
    expect(profileInitials({ firstName: 'ada', lastName: 'lovelace' })).toBe('AL');
  });
  it('falls back to the first name or email letter, else U', () => {
    expect(profileInitials({ firstName: 'ada' })).toBe('A');
    expect(profileInitials({ email: 'zoe@x.io' })).toBe('Z');
    expect(profileInitials({ lastName: 'Lovelace' })).toBe('U');
  });
});

describe('countLabel', () => {
  it('picks singular or plural and groups thousands', () => {
    expect(countLabel(1, 'follower')).toBe('1 follower');
    expect(countLabel(0, 'follower')).toBe('0 followers');
    expect(countLabel(1204, 'file')).toBe('1,204 files');
  });
});
