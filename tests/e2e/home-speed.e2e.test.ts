import { describe, expect, it } from 'vitest';
import { useBrowserApp } from '../helpers/browser';

// Page speed (decision 023), as the browser sees it: scripts and styles arrive brotli-compressed
// and cached for a year; a member's home asks for its first calls at once, each only once (the
// preloads are used, not fetched twice); the pictures above the fold are fetched with priority;
// and what arrives after the feed is painted takes no room from it (no layout shift).

const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });

describe('the home feed on a phone', () => {
  it('does not move once painted: the folder hint and the tag strip arrive late without pushing the feed down', async () => {
    const { page, id } = await t.member({ width: 390, height: 844, as: { firstName: 'Cleo' } });
    // A first upload and no folder: the folder hint shows above the feed. (First in this file: the
    // server keeps its draw of random tags for a minute, and this one must hold these tags.)
    for (const photo of ['grass.jpg', 'coffee-cup.jpg']) await t.upload(page, photo, { tags: 'meadow, morning' });
    await page.addInitScript(() => {
      const shifts: Array<{ value: number; moved: string[] }> = [];
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources: Array<{ node?: Node | null }> }>) {
          if (!entry.hadRecentInput) shifts.push({ value: entry.value, moved: entry.sources.map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 120) : String(s.node))) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The member's counts answer only once the feed's first page has been on screen for two frames,
    // and the tags once a card is: each as late as a slow network makes it.
    let releaseCounts = () => {};
    const countsHeld = new Promise<void>((resolve) => (releaseCounts = resolve));
    await page.route(`**/api/users/${id}`, async (route) => {
      await countsHeld;
      await route.continue();
    });
    let releaseTags = () => {};
    const tagsHeld = new Promise<void>((resolve) => (releaseTags = resolve));
    await page.route('**/api/tags/random*', async (route) => {
      await tagsHeld;
      await route.continue();
    });
    const feed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/files');
    await page.goto(`${t.url}/`);
    await (await feed).finished();
    const frames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await frames();
    releaseCounts();
    await page.getByTestId('file-card').first().waitFor();
    await page.getByTestId('folder-hint').waitFor();
    await frames();
    releaseTags();
    await page.getByRole('navigation', { name: 'Popular tags' }).getByRole('link').first().waitFor();
    await frames();
    expect(await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts)).toEqual([]);
    await page.context().close();
  }, 90_000);

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

    // The first two pictures come preloaded with the page (their cards ask for the same address): fetched once each.
    const pictures = await page.evaluate(() => [...document.querySelectorAll('link[rel="preload"][as="image"]')].map((l) => l.getAttribute('href')!));
    expect(pictures).toHaveLength(2);
    await page.waitForLoadState('networkidle');
    for (const picture of pictures) expect(requested.filter((u) => u === picture), picture).toHaveLength(1);

    const first = page.getByTestId('file-card').first().locator('img:not([aria-hidden])');
    await expect.poll(() => first.getAttribute('fetchpriority')).toBe('high');
    expect(await first.getAttribute('loading')).toBe('eager');
    // In a phone's single column the second picture is above the fold too (Lighthouse's largest paint).
    const second = page.getByTestId('file-card').nth(1).locator('img:not([aria-hidden])');
    await expect.poll(() => second.getAttribute('fetchpriority')).toBe('high');
    await page.context().close();
  }, 90_000);

});
