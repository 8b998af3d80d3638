import { describe, expect, it } from 'vitest';
import { isSafeReturnPath } from './return-path';

describe('return path after sign-in', () => {
  it('accepts same-site paths only', () => {
    expect(isSafeReturnPath('/invite/abc')).toBe(true);
    expect(isSafeReturnPath('//evil.example')).toBe(false);
    expect(isSafeReturnPath('/\\evil.example')).toBe(false);
    expect(isSafeReturnPath('https://evil.example')).toBe(false);
  });
});
