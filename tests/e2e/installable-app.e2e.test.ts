import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, shooter, shotsDir, useBrowserApp } from '../helpers/browser';

// The installable app (docs/decisions/035-installable-app-and-push.md): the manifest and its
// icons, Chromium's own installability check, the service worker's offline shell with the last
// feed page, and signing out emptying the caches.

const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });
const dir = shotsDir('installable-app');
const shot = shooter(dir, { fullPage: false });

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

describe('the installable app', () => {
  it('publishes a manifest with its icons, linked from the app and from a visitor page', async () => {
    const { page } = await t.member();
    const fileId = await t.upload(page, 'grass.jpg', { name: 'Grass' });
    const res = await fetch(`${t.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({ name: 'Kaleido', short_name: 'Kaleido', display: 'standalone', start_url: '/?source=home-screen', scope: '/' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
    for (const want of ['192x192 any', '512x512 any', '512x512 maskable']) expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toContain(want);
    for (const icon of [...icons, ...manifest.screenshots]) {
      const bytes = Buffer.from(await (await fetch(`${t.url}${icon.src}`)).arrayBuffer());
      expect(pngSize(bytes).join('x'), icon.src).toBe(icon.sizes);
    }
    expect(manifest.share_target).toMatchObject({ action: '/share-target', method: 'POST', enctype: 'multipart/form-data' });

    for (const url of [`${t.url}/`, `${t.url}/file/${fileId}`]) {
      const html = await (await fetch(url)).text();
      expect(html, url).toContain('<link rel="manifest" href="/manifest.webmanifest"');
      expect(html, url).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: dark\)"/);
    }
  });

  it('has no installability errors in Chromium, and its service worker controls the page', async () => {
    // A profile on disk: Chromium installs nothing from an incognito context, which is what newContext gives.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kaleido-install-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, viewport: { width: 390, height: 844 } });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${t.url}/`);
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${t.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  it('opened offline, shows its own shell with the last feed page and its pictures; signing out empties the caches', async () => {
    const { page } = await t.member({ width: 390, height: 844, as: { firstName: 'Olga' } });
    await t.upload(page, 'coffee-cup.jpg', { name: 'Morning coffee', isPublic: 'false' });
    await page.goto(`${t.url}/`);
    await controlled(page);
    // Now under the worker: this page's feed and pictures are kept as they arrive.
    await page.reload();
    const card = page.getByTestId('file-card').filter({ hasText: 'Morning coffee' });
    await card.waitFor();
    await expect.poll(() => card.locator('img:not([aria-hidden])').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot(page, 'online-feed-390');
    const privateImage = new URL(await card.locator('img:not([aria-hidden])').evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;

    await page.context().setOffline(true);
    await page.reload();
    await page.getByText("You're offline").waitFor();
    await card.waitFor();
    await expect.poll(() => card.locator('img:not([aria-hidden])').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(page.url()).toBe(`${t.url}/`);
    await shot(page, 'offline-feed-390');

    await page.context().setOffline(false);
    const kept = () =>
      page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of ['kaleido-api', 'kaleido-media']) {
          if (!(await caches.has(name))) continue;
          for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname + new URL(request.url).search);
        }
        return urls;
      });
    const before = await kept();
    expect(before).toEqual(expect.arrayContaining(['/api/user', '/api/files?offset=0&limit=20']));
    expect(before.some((url) => url.startsWith(privateImage))).toBe(true);
    await page.goto(`${t.url}/api/logout`);
    await page.waitForURL((url) => !url.pathname.startsWith('/api/'));
    // What the signed-out landing fetched since (public files) may be kept; nothing of the member is.
    const after = await kept();
    expect(after.filter((url) => url === '/api/user' || url === '/api/files?offset=0&limit=20' || url.startsWith(privateImage))).toEqual([]);
    // Offline again: the shell, signed out, and nothing of the member's feed.
    await page.context().setOffline(true);
    await page.goto(`${t.url}/`);
    await page.getByText("You're offline").waitFor();
    await shot(page, 'offline-signed-out-390');
    await page.getByText('Get Started').waitFor();
    expect(await page.getByTestId('file-card').count()).toBe(0);
    await page.context().close();
  });
});
