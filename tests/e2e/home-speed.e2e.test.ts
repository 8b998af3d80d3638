import { describe, expect, it } from 'vitest';
import { useBrowserApp } from '../helpers/browser';

// Issue 20's page speed, as the browser sees it: scripts and styles arrive brotli-compressed
// and cached for a year; a member's home asks for its first calls at once, each only once (the
// preloads are used, not fetched twice); the pictures above the fold are fetched with priority.

const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });

describe('the home feed on a phone', () => {
  it('loads compressed assets, uses its preloads once, and fetches the pictures above the fold with priority', async () => {
    const { page } = await t.member({ width: 390, height: 844, as: { firstName: 'Pia' } });
    for (const photo of ['grass.jpg', 'coffee-cup.jpg']) await t.upload(page, photo);

    const requested: string[] = [];
    const assets: Array<{ url: string; encoding?: string; cache?: string; bytes: number }> = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname + new URL(r.url()).search));
    page.on('response', async (r) => {
      if (!/\/assets\/.+\.(js|css)$/.test(r.url())) return;
      const headers = await r.allHeaders();
      assets.push({ url: r.url(), encoding: headers['content-encoding'], cache: headers['cache-control'], bytes: (await r.body()).length });
    });
    await page.goto(`${t.url}/`);
    await page.getByTestId('file-card').first().waitFor();

    expect(assets.length).toBeGreaterThan(3);
    for (const a of assets) {
      // Files under 1 kB are sent as they are (compressing them saves about what the headers cost).
      if (a.bytes >= 1024) expect(a.encoding, a.url).toBe('br');
      expect(a.cache, a.url).toBe('public, max-age=31536000, immutable');
    }
    const preloads = await page.evaluate(() => [...document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')].map((l) => l.getAttribute('href')));
    expect(preloads).toContain('/api/files?offset=0&limit=20');
    // The preloaded calls are the ones the screen uses: each asked for once.
    expect(requested.filter((u) => u === '/api/files?offset=0&limit=20')).toHaveLength(1);
    expect(requested.filter((u) => u === '/api/user')).toHaveLength(1);

    const first = page.getByTestId('file-card').first().locator('img:not([aria-hidden])');
    await expect.poll(() => first.getAttribute('fetchpriority')).toBe('high');
    expect(await first.getAttribute('loading')).toBe('eager');
    // In a phone's single column the second picture is above the fold too (Lighthouse's largest paint).
    const second = page.getByTestId('file-card').nth(1).locator('img:not([aria-hidden])');
    await expect.poll(() => second.getAttribute('fetchpriority')).toBe('high');
    await page.context().close();
  }, 90_000);
});
