import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../server/db/schema/index';
import { PHOTOS, useBrowserApp, waitForToast } from '../helpers/browser';
import { signUp, type TestClient } from '../helpers/test-client';
import { eventually } from '../helpers/wait';
import { uploadOk } from '../helpers/upload';

const photo = (name: string) => fs.readFile(path.join(PHOTOS, name));
// SCREENSHOTS=dir saves what the member sees (light, dark, 390 px) for a human to look at.
const SHOTS = process.env.SCREENSHOTS;

const upload = async (c: TestClient, name: string, bytes: Buffer): Promise<number> => (await uploadOk(c, bytes, name, {}, 'image/jpeg')).id;

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Serious or critical axe findings on what the page shows now (the rules accessibility.e2e uses). */
async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// The real models (AUTOTAG on): another member's public photos, fingerprinted by the recognition job.
const t = useBrowserApp({ AUTOTAG: 'on' });
const ids: Record<string, number> = {};
beforeAll(async () => {
  const author = t.client();
  await signUp(author);
  const cat = await photo('chelsea-cat.jpg');
  const { width = 0, height = 0 } = await sharp(cat).metadata();
  ids.coffee = await upload(author, 'coffee.jpg', await photo('coffee-cup.jpg'));
  ids.rocket = await upload(author, 'rocket.jpg', await photo('rocket-launch.jpg'));
  ids.astronaut = await upload(author, 'astronaut.jpg', await photo('astronaut.jpg'));
  ids.catCrop = await upload(author, 'cat-closer.jpg', await sharp(cat).extract({ left: 20, top: 10, width: Math.round(width * 0.8), height: Math.round(height * 0.8) }).jpeg().toBuffer());
  ids.cat = await upload(author, 'cat.jpg', cat);
  const wanted = Object.values(ids);
  await eventually(
    async () => (await t.database.db.select({ id: files.id }).from(files).where(and(inArray(files.id, wanted), isNotNull(files.recognizedAt)))).length,
    (n) => n === wanted.length,
    { timeoutMs: 120_000, intervalMs: 250 },
  );
}, 180_000);

describe('More like this', () => {
  it('shows the look-alikes under a file in the dialog, and opens one in place', async () => {
    const { page } = await t.member({ width: 1280 });
    await page.goto(t.url);
    await page.locator(`[data-file-id="${ids.cat}"]`).click();
    const dialog = page.getByRole('dialog', { name: 'cat.jpg' });
    const section = dialog.getByTestId('more-like-this');
    await section.scrollIntoViewIfNeeded();
    await expect.poll(() => section.getByRole('heading', { name: 'More like this' }).isVisible()).toBe(true);
    const first = section.getByTestId('file-card').first();
    await first.waitFor({ timeout: 15_000 });
    // The closest look-alike comes first.
    expect(await first.getAttribute('data-file-id')).toBe(String(ids.catCrop));
    await expect.poll(() => section.getByTestId('file-card').count()).toBe(4);
    await shoot(page, 'dialog-more-like-this-light');
    expect(await axeFindings(page)).toEqual([]);
    await first.click();
    await page.getByRole('dialog', { name: 'cat-closer.jpg' }).waitFor();
    // The neighbour's own list starts with the photo it came from.
    const again = page.getByRole('dialog', { name: 'cat-closer.jpg' }).getByTestId('more-like-this').getByTestId('file-card').first();
    await again.scrollIntoViewIfNeeded();
    await expect.poll(() => again.getAttribute('data-file-id')).toBe(String(ids.cat));
  });

  it('shows them on the file page too; a neighbour opens its own page', async () => {
    const { page } = await t.member({ width: 390, height: 844, colorScheme: 'dark' });
    await page.goto(`${t.url}/file/${ids.cat}`);
    const section = page.getByTestId('more-like-this');
    await section.scrollIntoViewIfNeeded();
    const first = section.getByTestId('file-card').first();
    await first.waitFor({ timeout: 15_000 });
    await shoot(page, 'file-page-more-like-this-dark-390');
    expect(await axeFindings(page)).toEqual([]);
    await first.click();
    await page.waitForURL(new RegExp(`/file/${ids.catCrop}$`));
    await page.getByRole('heading', { name: 'cat-closer.jpg', level: 1 }).waitFor();
  });

  it('opens /search?similar={id} from an image card\'s "Similar to this"', async () => {
    const { page } = await t.member({ width: 1280 });
    await page.goto(t.url);
    const card = page.locator(`[data-file-id="${ids.cat}"]`);
    await card.hover();
    await shoot(page, 'card-similar-action-light');
    await card.getByRole('link', { name: 'Similar to this: cat.jpg' }).click();
    await page.waitForURL(new RegExp(`/search\\?similar=${ids.cat}$`));
    await page.getByRole('heading', { name: 'Similar to cat.jpg' }).waitFor();
    await expect.poll(() => page.getByTestId('file-card').count()).toBe(4);
    expect(await page.getByTestId('file-card').first().getAttribute('data-file-id')).toBe(String(ids.catCrop));
    await shoot(page, 'search-similar-light');
    expect(await axeFindings(page)).toEqual([]);
  });
});

describe('the upload hint', () => {
  it('says "Looks like a file you already uploaded" with a link when a member uploads a copy of their own photo', async () => {
    const { page } = await t.member({ width: 1280 });
    await page.goto(t.url);
    const cat = await photo('chelsea-cat.jpg');
    for (const [name, bytes] of [
      ['my-cat.jpg', cat],
      ['my-cat-again.jpg', await sharp(cat).resize(300).jpeg({ quality: 55 }).toBuffer()],
    ] as const) {
      await page.getByRole('button', { name: 'Upload files' }).click();
      await page.getByTestId('upload-input').setInputFiles({ name, mimeType: 'image/jpeg', buffer: bytes });
      await page.getByTestId('upload-progress').getByText('Upload Complete').waitFor({ timeout: 60_000 });
      if (name === 'my-cat.jpg') {
        // Its fingerprint is stored by the recognition job; the copy is compared with it.
        await eventually(async () => (await t.database.db.select({ id: files.id }).from(files).where(and(inArray(files.name, [name]), isNotNull(files.recognizedAt)))).length, (n) => n === 1, { timeoutMs: 60_000 });
      }
    }
    await waitForToast(page, 'Looks like a file you already uploaded');
    await shoot(page, 'upload-duplicate-hint-light');
    const link = page.locator('[data-testid="toast"]').getByRole('link', { name: 'my-cat.jpg' });
    await link.click();
    await page.waitForURL(/\/file\/\d+$/);
    await page.getByRole('heading', { name: 'my-cat.jpg', level: 1 }).waitFor();
  });
});
