import { describe, expect, it } from 'vitest';
import { isUnauthorizedError } from './unauthorized';
import { displayName, initials } from './user-display';

describe('isUnauthorizedError', () => {
  it('recognises a 401 that says Unauthorized', () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
  });
  it('ignores other 401s and other statuses', () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Invalid email or password"}'))).toBe(false);
    expect(isUnauthorizedError(new Error('403: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });
});

describe('display name and initials', () => {
  it('prefers first plus last name', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' })).toBe('Ada Lovelace');
    expect(initials({ firstName: 'ada', lastName: 'lovelace', username: 'ada' })).toBe('AL');
  });
  it('falls back to the username, then to User / U', () => {
    expect(displayName({ firstName: 'Ada', lastName: null, username: 'ada_l' })).toBe('ada_l');
    expect(initials({ firstName: 'Ada', lastName: null, username: 'ada_l' })).toBe('AD');
    expect(displayName({})).toBe('User');
    expect(initials({})).toBe('U');
  });
});
