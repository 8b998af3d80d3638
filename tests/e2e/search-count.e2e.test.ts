import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '../../contract/search';
import { seedMany } from '../helpers/search-seed';
import { shotsDir, useBrowserApp } from '../helpers/browser';

// How a search's count reads: "1,000+ results" past the server's cap (docs/decisions/011-search.md,
// "Common words"), and "1 result" for one. Light, dark and a 390 px phone.

const SHOTS = shotsDir('search-count');

const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });
let ownerId: number;

beforeAll(async () => {
  const owner = await t.member({ as: { firstName: 'Olga', lastName: 'Owner' } });
  ownerId = owner.id;
  await owner.page.close();
  await seedMany(t.database.db, ownerId, SEARCH_COUNT_CAP + 5, { name: 'Harvest notes', tag: 'harvest', isPublic: true });
  await seedMany(t.database.db, ownerId, 1, { name: 'Solitary notes', tag: 'solitary', isPublic: true });
});

async function searchAs(width: number, colorScheme: 'light' | 'dark', q: string): Promise<Page> {
  const { page } = await t.member({ width, colorScheme, as: { firstName: 'Sam', lastName: 'Searcher' } });
  await page.goto(`${t.url}/search?q=${q}`);
  return page;
}

describe('search result count', () => {
  it('reads 1,000+ results past the cap, on the title and the Files group', async () => {
    for (const [width, scheme] of [[1280, 'light'], [1280, 'dark'], [390, 'light']] as const) {
      const page = await searchAs(width, scheme, 'harvest');
      await expect.poll(() => page.getByTestId('search-title').textContent()).toBe('Search | Harvest | 1,000+ results');
      await expect.poll(() => page.title()).toBe('Search | Harvest | 1,000+ results | Kaleido');
      await expect.poll(() => page.getByRole('heading', { name: /^Files/ }).textContent()).toBe('Files1,000+');
      await expect.poll(() => page.getByTestId('file-card').count()).toBe(20);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: path.join(SHOTS, `search-capped-${width}-${scheme}.png`) });
      await page.context().close();
    }
  });

  it('reads 1 result for one', async () => {
    const page = await searchAs(1280, 'light', 'solitary');
    await expect.poll(() => page.getByTestId('search-title').textContent()).toBe('Search | Solitary | 1 result');
    await page.context().close();
  });
});
