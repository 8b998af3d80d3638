import { describe, expect, it } from 'vitest';
import { defaultPreferences, mergePreferences, preferencesPatch } from '@contract/settings';
import { avatarFileProblem } from './avatar-check';
import { landingPathFor } from './preferences';

describe('landingPathFor', () => {
  it('sends sign-in to the feed, explore or the member profile', () => {
    const user = { id: 42 };
    expect(landingPathFor({ defaultLandingPage: 'feed' }, user)).toBe('/');
    expect(landingPathFor({ defaultLandingPage: 'explore' }, user)).toBe('/search');
    expect(landingPathFor({ defaultLandingPage: 'profile' }, user)).toBe('/profile/42');
  });
});

describe('avatarFileProblem', () => {
  it('refuses what is not an image, then what is over 5 MB, with the spec toasts', () => {
    expect(avatarFileProblem({ type: 'text/plain', size: 10 })).toEqual({ title: 'Invalid file type', description: 'Please select an image file' });
    expect(avatarFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 5MB',
    });
    expect(avatarFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
  });
});

describe('mergePreferences', () => {
  it('fills the spec defaults and drops stored values that no longer parse', () => {
    expect(mergePreferences(null)).toEqual(defaultPreferences);
    expect(mergePreferences({ theme: 'dark', nsfw: 'maybe', extra: 1 })).toEqual({ ...defaultPreferences, theme: 'dark' });
  });
  it('accepts a partial change and refuses unknown keys', () => {
    expect(preferencesPatch.safeParse({ reduceMotion: true }).success).toBe(true);
    expect(preferencesPatch.safeParse({ isAdmin: true }).success).toBe(false);
  });
});
