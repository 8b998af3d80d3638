import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files } from '../../server/db/schema/index';
import { PHOTOS, useBrowserApp } from '../helpers/browser';

// The real recognition model (AUTOTAG on): an image uploaded in the browser is analysed a
// second later and its suggested tags are saved quietly, then shown on the file.
const t = useBrowserApp({ AUTOTAG: 'on' });

describe('automatic tagging in the upload flow', () => {
  it('tags the cat photo with cat, and the tag chip leads to search', async () => {
    const { page } = await t.member({ width: 1280 });
    await page.goto(t.url);
    await page.getByRole('button', { name: 'Upload files' }).click();
    const analyzed = page.waitForResponse((r) => r.url().includes('/analyze-tags'), { timeout: 90_000 });
    await page.getByTestId('upload-input').setInputFiles(path.join(PHOTOS, 'chelsea-cat.jpg'));
    await page.getByTestId('upload-progress').getByText('Upload Complete').waitFor({ timeout: 60_000 });

    // The answer is what recognition found for the file, so the toast cannot deny tags it carries.
    const answer = (await (await analyzed).json()) as { suggestedTags: string[]; message: string };
    expect(answer.suggestedTags).toContain('cat');
    await page.waitForTimeout(500);
    expect(await page.getByText('No relevant tags found').count()).toBe(0);

    const tagsOf = async () => (await t.database.db.select({ tags: files.tags }).from(files).where(eq(files.name, 'chelsea-cat.jpg')))[0]?.tags ?? [];
    await expect.poll(tagsOf, { timeout: 60_000 }).toContain('cat');

    await page.reload();
    await page.getByTestId('file-card').first().click();
    const chip = page.getByRole('dialog', { name: 'chelsea-cat.jpg' }).getByRole('link', { name: /cat$/ }).or(page.getByRole('dialog').getByRole('button', { name: /cat$/ }));
    await chip.first().click();
    // A chip searches its tag (/search?q={tag}), and the results hold the photo.
    await page.waitForURL(/\/search\?q=cat$/);
    await expect.poll(() => page.getByRole('heading', { name: /\| 1 result$/ }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByTestId('file-card').count()).toBe(1);
  });
});
