import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shooter, shotsDir, useBrowserApp } from '../helpers/browser';

// Visitors' pages (docs/decisions/031) in Chromium at a phone's 390 px and a desktop's 1440 px,
// light and dark, checked by axe; and what members get around them: a file's own address while
// its dialog shows (Back closes it), Share, the way back after signing in, titles.

const SHOT = shooter(shotsDir('public-pages'), { settleMs: 500 });
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });

let maya: { page: Page; id: number; username: string; password: string };
const ids: Record<string, number> = {};
let folderId = 0;

beforeAll(async () => {
  const m = await t.member({ as: { firstName: 'Maya', lastName: 'Lopes' } });
  maya = { page: m.page, id: m.id, username: m.member.username, password: m.member.password };
  ids.sunset = await t.upload(m.page, 'coffee-cup.jpg', { name: 'Sunset over Lisbon', description: 'Golden hour above the Tagus, from the Alfama steps.', tags: 'sunset,lisbon,golden hour' });
  ids.cat = await t.upload(m.page, 'chelsea-cat.jpg', { name: 'Chelsea the cat', tags: 'cat' });
  ids.grass = await t.upload(m.page, 'grass.jpg', { name: 'Morning grass', tags: 'green' });
  ids.rocket = await t.upload(m.page, 'rocket-launch.jpg', { name: 'Launch day', tags: 'rocket' });
  const post = (path: string, data: unknown) => m.page.request.post(`${t.url}${path}`, { data, headers: { origin: t.url } });
  folderId = ((await (await post('/api/folders', { name: 'Lisbon walks', description: 'Streets, tiles and light.', isPublic: true })).json()) as { id: number }).id;
  for (const id of [ids.sunset, ids.cat, ids.grass]) await post(`/api/folders/${folderId}/files`, { fileId: id });
  await post(`/api/files/${ids.sunset}/comments`, { content: 'The light in this one is unreal.' });
});

const pages = () => [
  { name: 'file', path: `/file/${ids.sunset}`, heading: 'Sunset over Lisbon' },
  { name: 'folder', path: `/folder/${folderId}`, heading: 'Lisbon walks' },
  { name: 'profile', path: `/profile/${maya.id}`, heading: 'Maya Lopes' },
  { name: 'not-found', path: '/file/2000000000', heading: 'Page not found' },
];

describe("visitors' pages", () => {
  for (const width of [390, 1440]) {
    for (const theme of ['light', 'dark'] as const) {
      it(`read well and pass axe at ${width} px, ${theme}`, async () => {
        const page = await t.page({ width, height: 900, theme });
        for (const p of pages()) {
          await page.goto(t.url + p.path);
          await expect.poll(() => page.getByRole('heading', { level: 1 }).first().innerText()).toBe(p.heading);
          await page.waitForLoadState('networkidle').catch(() => undefined);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${p.name} scrolls sideways`).toBe(true);
          const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
          expect(results.violations.map((v) => `${p.name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
          await SHOT(page, `${p.name}-${width}-${theme}`);
        }
      });
    }
  }

  it('copy the link with Share on a computer', async () => {
    const context = await t.context({ width: 1440 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
    const page = await context.newPage();
    await page.goto(`${t.url}/file/${ids.sunset}`);
    const share = page.getByRole('button', { name: 'Copy link' });
    await share.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${t.url}/file/${ids.sunset}`);
    await page.getByRole('button', { name: 'Link copied' }).waitFor();
  });

  it('ask to sign up once the visitor has scrolled far, and close to leave the page readable', async () => {
    const page = await t.page({ width: 390, height: 500 });
    await page.goto(`${t.url}/profile/${maya.id}`);
    const ask = page.getByRole('dialog', { name: 'See more on Kaleido' });
    expect(await ask.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await ask.waitFor();
    await SHOT(page, 'signup-ask-390');
    await ask.getByRole('button', { name: 'Not now' }).last().click();
    await ask.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Files' }).waitFor();
  });

  it('bring a visitor back to the page after logging in', async () => {
    const page = await t.page();
    await page.goto(`${t.url}/file/${ids.cat}`);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log In' }).click();
    await page.waitForURL(/\/auth\?tab=login/);
    await page.getByLabel('Email or Username').fill(maya.username);
    await page.getByLabel('Password', { exact: true }).fill(maya.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${t.url}/file/${ids.cat}`);
    await expect.poll(() => page.title()).toBe('Chelsea the cat · Kaleido');
  });
});

describe('members', () => {
  it('see /file/{id} in the address bar while a file shows over a grid; Back closes it and keeps the grid', async () => {
    const page = maya.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${t.url}/profile/${maya.id}`);
    await expect.poll(() => page.title()).toBe(`Maya Lopes (@${maya.username}) · Kaleido`);
    await page.locator(`[data-testid="file-card"][data-file-id="${ids.grass}"]`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Morning grass' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe(`/file/${ids.grass}`);
    await expect.poll(() => page.title()).toBe('Morning grass · Kaleido');
    await SHOT(page, 'member-dialog-address-1440');
    await page.goBack();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/profile/${maya.id}`);
    await page.locator(`[data-testid="file-card"][data-file-id="${ids.grass}"]`).waitFor();
    await expect.poll(() => page.title()).toBe(`Maya Lopes (@${maya.username}) · Kaleido`);
    // Forward opens it again; its own close button goes back.
    await page.goForward();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/profile/${maya.id}`);
    // A reload at a file's address is its page.
    await page.locator(`[data-testid="file-card"][data-file-id="${ids.rocket}"]`).click();
    await dialog.waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Launch day' }).waitFor();
  });

  it('see the app at a public page\'s address, with its title, and Share on it', async () => {
    const page = maya.page;
    await page.goto(`${t.url}/folder/${folderId}`);
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    await expect.poll(() => page.title()).toBe('Lisbon walks · Kaleido');
    await page.goto(`${t.url}/settings`);
    await expect.poll(() => page.title()).toBe('Settings · Kaleido');
    await page.getByRole('switch', { name: 'Show my profile to visitors' }).waitFor();
  });
});
