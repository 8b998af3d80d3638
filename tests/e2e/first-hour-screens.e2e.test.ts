import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shotsDir, useBrowserApp, waitForToast } from '../helpers/browser';
import { photo } from '../helpers/upload';

// The screens of a newcomer's first hour one at a time (decision 030), each at 390 and 1440 px;
// the whole path from `npm start` is newcomer-journey.e2e.test.ts. The quiet-instance test comes
// first: later tests upload.

const SHOTS = shotsDir('first-hour-screens');
const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000', WRITE_BUDGET_SCALE: '100' });
const WIDTHS = [390, 1440] as const;
const shot = (page: Page, name: string, width: number) => page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: width < 500 });
const activeLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null);
const BROKEN = { name: 'broken.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture') };

/** A new member's home at `width`, with the upload dialog opened from the header's Upload button. */
async function openUpload(width: number) {
  const { page } = await t.member({ width });
  await page.goto(t.url);
  await page.getByRole('button', { name: 'Upload files' }).click();
  return { page, dialog: page.getByRole('dialog', { name: 'Upload Files' }) };
}

describe('a quiet instance', () => {
  it.each(WIDTHS)('at %i px: the empty feed offers an Upload button that opens the dialog', async (width) => {
    const { page } = await t.member({ width });
    await page.goto(t.url);
    await page.getByRole('heading', { name: 'No files found' }).waitFor();
    await shot(page, 'empty-feed', width);
    await page.getByRole('button', { name: 'Upload your first file' }).click();
    await page.getByRole('dialog', { name: 'Upload Files' }).waitFor();
  });
});

describe.each(WIDTHS)('at %i px', (width) => {
  it('a file that fails alone: the card says Upload Failed with the counts, and picking it again replaces its row', async () => {
    const { page, dialog } = await openUpload(width);
    await dialog.getByTestId('upload-input').setInputFiles([BROKEN]);
    const card = page.getByTestId('upload-progress');
    await card.getByRole('heading', { name: 'Upload Failed' }).waitFor({ timeout: 30_000 });
    expect((await card.getByTestId('upload-counts').textContent())?.replace(/\s+/g, ' ')).toBe('0 uploaded • 1 failed');
    expect(await card.getByTestId('upload-percent').count()).toBe(0);
    await dialog.getByTestId('upload-error').getByText('File type not supported').waitFor();
    await shot(page, 'upload-failed-alone', width);
    await dialog.getByTestId('upload-input').setInputFiles([BROKEN]);
    await card.getByRole('heading', { name: 'Upload Failed' }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    expect(await dialog.getByTestId('upload-row').count()).toBe(1);
    await dialog.getByRole('heading', { name: 'Selected Files (1)' }).waitFor();
  });

  it('two quick Escapes close the upload\'s toast, then its dialog, and focus goes back to Upload', async () => {
    const { page, dialog } = await openUpload(width);
    await dialog.getByTestId('upload-input').setInputFiles([{ name: 'grass.jpg', mimeType: 'image/jpeg', buffer: await photo('grass.jpg') }, BROKEN]);
    await waitForToast(page, '1 file(s) uploaded successfully, 1 failed');
    // The pointer over the toast holds its 5 s timer, so only the Escape closes it; the second
    // press comes while it would still be sliding out.
    await page.locator('[data-testid="toast"]').hover();
    await page.keyboard.press('Escape');
    await page.waitForTimeout(30);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.locator('[data-testid="toast"]').count()).toBe(0);
    await expect.poll(() => activeLabel(page)).toBe('Upload files');
  });

  it('focus returns to what opened the upload and file dialogs; the tag strip is one tab stop', async () => {
    const { page } = await t.member({ width });
    const ids = [];
    for (const [file, tags] of [['grass.jpg', 'meadow, green, summer'], ['coffee-cup.jpg', 'coffee, cup, morning']]) ids.push(await t.upload(page, file, { tags }));
    await page.goto(t.url);
    const uploadButton = page.getByRole('button', { name: 'Upload files' });
    await uploadButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Upload Files' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => activeLabel(page)).toBe('Upload files');

    const open = page.locator(`[data-testid="file-card"][data-file-id="${ids[0]}"]`).getByRole('button', { name: /^Open / });
    await open.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').first().waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.startsWith('Open ') === true)).toBe(true);

    // From the top of the page, a handful of Tab presses reach the first card: the tags are one
    // stop. (The first-run cards, which sit before the feed, are put away first.)
    const tags = page.getByRole('navigation', { name: 'Popular tags' });
    // The random tags of a quiet instance may still be cached empty for a moment: reload until they come.
    await expect.poll(async () => {
      await page.goto(t.url);
      await page.getByTestId('file-card').first().waitFor();
      return tags.getByRole('link').count();
    }, { timeout: 90_000, interval: 3000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Hide this hint' }).click();
    await page.waitForLoadState('networkidle');
    const hideSuggestions = page.getByRole('button', { name: 'Hide suggestions' });
    if (await hideSuggestions.count()) await hideSuggestions.click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let presses = 0;
    while (presses < 30 && !(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="file-card"]'))))) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(presses).toBeLessThanOrEqual(12);
    await tags.locator('[tabindex="0"]').focus();
    const first = await page.evaluate(() => document.activeElement?.textContent);
    await page.keyboard.press('ArrowRight');
    const second = await page.evaluate(() => document.activeElement?.textContent);
    expect(second).not.toBe(first);
    expect(await tags.locator('[tabindex="0"]').count()).toBe(1);
  });

  it("a collaborator sees the owner's private folder plainly on the owner's profile", async () => {
    const owner = await t.member({ width, as: { firstName: 'Olive' } });
    const guest = await t.member({ width });
    const folder = await owner.page.request.post(`${t.url}/api/folders`, { data: { name: 'Garden notes', isPublic: false }, headers: { Origin: t.url } });
    const folderId = ((await folder.json()) as { id: number }).id;
    const added = await owner.page.request.post(`${t.url}/api/folders/${folderId}/collaborators`, { data: { userId: guest.id, role: 'VIEWER' }, headers: { Origin: t.url } });
    expect(added.status()).toBe(201);
    await guest.page.goto(`${t.url}/profile/${owner.id}`);
    const card = guest.page.getByTestId('folder-card').filter({ hasText: 'Garden notes' });
    await card.waitFor();
    expect(await card.getByText('Private Folder').count()).toBe(0);
    await shot(guest.page, 'owner-profile-as-collaborator', width);
  });

  it('the landing text sits on its own panel over the pictures; sign-up fields beside an error stay level', async () => {
    const { page: uploader } = await t.member();
    await t.upload(uploader, 'rocket-launch.jpg');
    const page = await t.page({ width });
    await page.goto(t.url);
    await page.getByRole('link', { name: 'Get Started' }).waitFor();
    const panel = page.getByRole('heading', { level: 1 }).locator('..');
    // The panel's background opacity, whatever colour syntax the browser reports (rgba(), oklch(… / a)).
    const alpha = await panel.evaluate((el) => {
      const bg = getComputedStyle(el).backgroundColor;
      if (bg === 'transparent') return 0;
      const slash = /\/\s*([\d.]+)\)$/.exec(bg);
      if (slash) return Number(slash[1]);
      const rgba = /^rgba\(([^)]+)\)$/.exec(bg);
      return rgba ? Number(rgba[1].split(',')[3]) : 1;
    });
    if (width < 640) expect(alpha).toBeGreaterThanOrEqual(0.8);
    await shot(page, 'landing', width);

    await page.goto(`${t.url}/auth?tab=register`);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.locator('#register-password-error').waitFor();
    const [a, b] = await Promise.all([page.locator('#register-password').boundingBox(), page.locator('#register-confirmPassword').boundingBox()]);
    if (width >= 640) expect(Math.abs(a!.y - b!.y)).toBeLessThan(0.5);
    else expect(b!.y - (a!.y + a!.height)).toBeGreaterThan(16);
    await shot(page, 'sign-up-errors', width);
  });
});

describe('notifications at 1440 px', () => {
  it('give the list the wider column', async () => {
    const { page } = await t.member({ width: 1440 });
    await page.goto(`${t.url}/notifications`);
    const list = page.getByRole('region', { name: /^Notifications/ }).first();
    await list.waitFor();
    const box = (await list.boundingBox())!;
    expect(box.width).toBeGreaterThan(1440 * 0.5);
    await page.screenshot({ path: path.join(SHOTS, 'notifications-1440.png') });
  });
});
