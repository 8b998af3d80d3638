import { describe, expect, it } from 'vitest';
import { pushKinds } from '../../../contract/notification-paths';
import { defaultPreferences } from '../../../contract/settings';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp } from '../../../tests/helpers/test-client';
import { robotsHeaderFor } from './preferences';

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });

describe('preferences', () => {
  it('answers the spec defaults for a new account', async () => {
    const c = t.client();
    await signUp(c);
    const res = await c.get('/api/user/preferences');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      defaultLandingPage: 'feed',
      notificationEmails: 'periodic',
      newsletter: false,
      editorialPosts: false,
      periodicTips: true,
      groupBlockLimitAlerts: true,
      sundayReview: true,
      nsfw: 'hide',
      searchIndexing: 'allow',
      showProfileToVisitors: true,
      theme: 'system',
      reduceMotion: false,
      hideNotificationCounter: false,
      // Every kind is pushed until the member picks fewer.
      pushKinds: [...pushKinds],
    });
  });

  it('merges a partial change over the stored values and keeps it per account', async () => {
    const c = t.client();
    await signUp(c);
    const first = await c.put('/api/user/preferences', { theme: 'dark', reduceMotion: true });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ...defaultPreferences, theme: 'dark', reduceMotion: true });
    const second = await c.put('/api/user/preferences', { defaultLandingPage: 'explore', newsletter: true });
    expect(second.body).toEqual({ ...defaultPreferences, theme: 'dark', reduceMotion: true, defaultLandingPage: 'explore', newsletter: true });
    expect((await c.get('/api/user/preferences')).body).toEqual(second.body);

    const other = t.client();
    await signUp(other);
    expect((await other.get('/api/user/preferences')).body).toEqual(defaultPreferences);
  });

  it('does not lose keys when two saves race', async () => {
    const c = t.client();
    await signUp(c);
    await Promise.all([c.put('/api/user/preferences', { nsfw: 'show' }), c.put('/api/user/preferences', { sundayReview: false })]);
    expect((await c.get('/api/user/preferences')).body).toMatchObject({ nsfw: 'show', sundayReview: false });
  });

  it('refuses a bad value or an unknown key with 400 and stores nothing', async () => {
    const c = t.client();
    await signUp(c);
    const bad = await c.put('/api/user/preferences', { theme: 'purple' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(expect.any(String));
    expect((await c.put('/api/user/preferences', { newsletter: 'yes' })).status).toBe(400);
    expect((await c.put('/api/user/preferences', { isAdmin: true })).status).toBe(400);
    expect((await c.get('/api/user/preferences')).body).toEqual(defaultPreferences);
  });

  it('never adds the preferences to the user record', async () => {
    const c = t.client();
    await signUp(c);
    await c.put('/api/user/preferences', { searchIndexing: 'deny' });
    expect((await c.get('/api/user')).body).not.toHaveProperty('preferences');
  });
});

describe('robotsHeaderFor', () => {
  it('asks for noindex only when the member denies search indexing', () => {
    expect(robotsHeaderFor({ searchIndexing: 'deny' })).toEqual({ 'x-robots-tag': 'noindex' });
    expect(robotsHeaderFor({ searchIndexing: 'allow' })).toEqual({});
    expect(robotsHeaderFor({})).toEqual({});
    expect(robotsHeaderFor({ searchIndexing: 42 })).toEqual({});
  });
});
