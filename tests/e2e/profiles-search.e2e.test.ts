import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shooter, shotsDir, useBrowserApp, waitForToast } from '../helpers/browser';

const SHOTS = shotsDir('profiles-search');

const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });

const uploadPhoto = (page: Page, photo: string, name: string, tags: string) => t.upload(page, photo, { name, description: 'Seen from the cliff path', tags });

const shot = shooter(SHOTS, { settleMs: 400 });

function statButton(page: Page, label: RegExp) {
  return page.getByTestId('profile-stats').getByRole('button', { name: label });
}

describe('profiles and search journey', () => {
  it('finds a member by the header search, follows them, sees the count change, opens the followers dialog; a tag chip lands on its results', async () => {
    const suffix = Date.now().toString(36).slice(-5);
    const painterUsername = `painter_${suffix}`;
    const { page: painter, id: painterId } = await t.member({ as: { username: painterUsername, firstName: 'Pablo', lastName: 'Painter' } });
    const painterContext = painter.context();
    const bio = await painter.request.put(`${t.url}/api/user/profile`, {
      data: { firstName: 'Pablo', lastName: 'Painter', username: painterUsername, bio: 'I paint lighthouses at dawn.' },
      headers: { Origin: t.url },
    });
    expect(bio.status()).toBe(200);
    await uploadPhoto(painter, 'coffee-cup.jpg', 'Harbour light', `lighthouse${suffix}, coast`);
    await uploadPhoto(painter, 'astronaut.jpg', 'Night watch', 'coast');

    const { page: viewer, id: viewerId } = await t.member({ as: { firstName: 'Vera', lastName: 'Viewer' } });
    const viewerContext = viewer.context();

    // The header search: a blank box goes nowhere, the username finds the member.
    await viewer.goto(t.url);
    const box = viewer.getByRole('search').getByRole('searchbox', { name: 'Search' });
    await box.fill('   ');
    await box.press('Enter');
    expect(new URL(viewer.url()).pathname).toBe('/');
    await box.fill(painterUsername);
    await box.press('Enter');
    await viewer.waitForURL(/\/search\?q=/);
    await expect.poll(() => viewer.getByTestId('search-title').textContent()).toMatch(/^Search \| Painter_\w+ \| \d+ results?$/);
    await expect.poll(() => viewer.title()).toMatch(/^Search \| Painter_\w+ \| \d+ results? \| Kaleido$/);
    const userResult = viewer.getByTestId('user-result').filter({ hasText: 'Pablo Painter' });
    await userResult.getByText(`Member since ${new Date().getFullYear()}`).waitFor();
    await shot(viewer, 'search-user-light');
    await userResult.click();

    // Their profile: name, @username, bio, counts; Follow raises the follower count.
    await viewer.waitForURL(`${t.url}/profile/${painterId}`);
    await viewer.getByRole('heading', { name: 'Pablo Painter' }).waitFor();
    await viewer.getByText(`@${painterUsername}`).waitFor();
    await viewer.getByText('I paint lighthouses at dawn.').waitFor();
    await expect.poll(() => statButton(viewer, /Followers?/).textContent()).toBe('0Followers');
    await expect.poll(() => viewer.getByTestId('profile-stats').textContent()).toContain('2Files');
    await expect.poll(() => viewer.getByTestId('file-card').count()).toBe(2);
    await viewer.getByRole('link', { name: 'Message', exact: true }).waitFor();
    await viewer.getByRole('button', { name: 'Follow', exact: true }).click();
    await waitForToast(viewer, 'Following');
    await expect.poll(() => statButton(viewer, /Followers?/).textContent()).toBe('1Follower');
    await viewer.getByRole('button', { name: 'Unfollow' }).waitFor();
    await shot(viewer, 'profile-other-light');

    // The followers dialog lists the viewer, linking to their profile.
    await statButton(viewer, /Followers?/).click();
    const followers = viewer.getByRole('dialog', { name: 'Followers' });
    const me = followers.getByRole('link', { name: /Vera Viewer/ });
    await me.waitFor();
    await shot(viewer, 'followers-dialog-light');
    await me.click();
    await viewer.waitForURL(`${t.url}/profile/${viewerId}`);
    await viewer.getByRole('heading', { name: 'Vera Viewer' }).waitFor();
    await expect.poll(() => statButton(viewer, /Following/).textContent()).toBe('1Following');
    // One's own profile: no Follow or Message, the owner's empty state.
    await viewer.getByText('Start sharing your files to build your collection').waitFor();
    expect(await viewer.getByRole('button', { name: 'Follow', exact: true }).count()).toBe(0);
    expect(await viewer.getByRole('link', { name: 'Message', exact: true }).count()).toBe(0);

    // Unfollow brings the count back.
    await viewer.goto(`${t.url}/profile/${painterId}`);
    await viewer.getByRole('button', { name: 'Unfollow' }).click();
    await waitForToast(viewer, 'Unfollowed');
    await expect.poll(() => statButton(viewer, /Followers?/).textContent()).toBe('0Followers');

    // A tag chip in the file's detail searches that tag (/search?q={tag}).
    await viewer.getByTestId('file-card').filter({ has: viewer.getByRole('button', { name: 'Open Harbour light' }) }).click();
    const detail = viewer.getByRole('dialog', { name: 'Harbour light' });
    await detail.getByRole('link', { name: `lighthouse${suffix}` }).click();
    await viewer.waitForURL(`${t.url}/search?q=lighthouse${suffix}`);
    await expect.poll(() => viewer.getByTestId('search-title').textContent()).toBe(`Search | Lighthouse${suffix} | 1 result`);
    await expect.poll(() => viewer.getByTestId('file-card').count()).toBe(1);
    // The older /search?tag=… links still open the exact-tag results.
    await viewer.goto(`${t.url}/search?tag=lighthouse${suffix}`);
    await expect.poll(() => viewer.getByTestId('search-title').textContent()).toBe(`Search | Lighthouse${suffix} | 1 result`);
    await expect.poll(() => viewer.getByTestId('file-card').count()).toBe(1);
    await viewer.getByRole('heading', { name: 'Files' }).waitFor();
    await shot(viewer, 'search-tag-light');

    // 'Reset all filters' clears the query: back to the Explore feed.
    await viewer.getByRole('button', { name: 'Reset all filters' }).click();
    await viewer.waitForURL(`${t.url}/search`);
    await expect.poll(() => viewer.getByTestId('search-title').textContent()).toBe('Explore');
    await expect.poll(() => viewer.getByTestId('file-card').count()).toBe(2);

    // No results.
    await viewer.goto(`${t.url}/search?q=zzqqxxnothing`);
    await viewer.getByText('No results found').waitFor();
    await viewer.getByText('Try different keywords or adjust your filters.').waitFor();

    // An unknown member.
    await viewer.goto(`${t.url}/profile/999999`);
    await viewer.getByRole('heading', { name: 'User Not Found' }).waitFor();
    await viewer.getByText("The user you're looking for doesn't exist.").waitFor();

    // Dark mode and 360 px for the screens above.
    for (const [width, scheme, tag] of [[1280, 'dark', 'dark'], [360, 'light', '360'], [360, 'dark', '360-dark']] as const) {
      const ctx = await t.context({ width: width, colorScheme: scheme });
      await ctx.addCookies(await viewerContext.cookies());
      const page = await ctx.newPage();
      await page.goto(`${t.url}/profile/${painterId}`);
      await page.getByRole('heading', { name: 'Pablo Painter' }).waitFor();
      await expect.poll(() => page.getByTestId('file-card').count()).toBe(2);
      await shot(page, `profile-other-${tag}`);
      await page.goto(`${t.url}/search?q=coast`);
      await expect.poll(() => page.getByTestId('file-card').count()).toBe(2);
      await shot(page, `search-coast-${tag}`);
      await page.goto(`${t.url}/profile`);
      await page.getByRole('heading', { name: 'Vera Viewer' }).waitFor();
      await shot(page, `profile-own-${tag}`);
      await ctx.close();
    }
    await painterContext.close();
    await viewerContext.close();
  });
});
