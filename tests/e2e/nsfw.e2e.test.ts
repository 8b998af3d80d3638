import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { files } from '../../server/db/schema';
import { shotsDir, useBrowserApp } from '../helpers/browser';

const SHOTS = shotsDir('nsfw');

const t = useBrowserApp();

const uploadPhoto = (page: Page, photo: string, name: string) => t.upload(page, photo, { name, description: '', tags: 'nsfw-test' });

async function flagNsfw(id: number): Promise<void> {
  await t.database.db.update(files).set({ isNsfw: true }).where(eq(files.id, id));
}

/** The computed CSS filter on the guarded picture: 'none' when it shows plainly. */
function pictureFilter(scope: Locator): Promise<string> {
  return scope.getByTestId('nsfw-content').first().evaluate((node) => getComputedStyle(node).filter);
}

function card(page: Page, id: number): Locator {
  return page.locator(`[data-testid="file-card"][data-file-id="${id}"]`);
}

describe('NSFW pictures', () => {
  it('blurs a flagged picture on the card, in the detail dialog and on the file page until shown, and not at all once the member shows NSFW content', async () => {
    const { page } = await t.member({ width: 1280, colorScheme: 'light', as: { firstName: 'Nia', lastName: 'Safe' } });
    const context = page.context();
    const flagged = await uploadPhoto(page, 'rocket-launch.jpg', 'Launch');
    const other = await uploadPhoto(page, 'astronaut.jpg', 'Spacewalk');
    const page2Flagged = await uploadPhoto(page, 'hubble-deep-field.jpg', 'Deep field');
    await flagNsfw(flagged);
    await flagNsfw(page2Flagged);

    // Feed: the flagged card is blurred behind a Show control; the clean one is not.
    await page.goto(t.url);
    await card(page, other).waitFor();
    const flaggedCard = card(page, flagged);
    await flaggedCard.getByTestId('nsfw-guard').and(page.locator('[data-blurred="true"]')).waitFor();
    expect(await pictureFilter(flaggedCard)).toContain('blur(');
    expect(await pictureFilter(card(page, other))).toBe('none');
    await flaggedCard.getByText('Sensitive content').waitFor();
    // The blurred picture is inert: out of the tab order and the accessibility tree.
    expect(await flaggedCard.getByTestId('nsfw-content').getAttribute('inert')).not.toBeNull();
    await page.screenshot({ path: path.join(SHOTS, 'feed-blurred-1280.png') });

    // The detail dialog blurs it too, before the viewer reveals anything.
    await card(page, page2Flagged).getByText('Sensitive content').click();
    const dialog = page.getByRole('dialog', { name: 'Deep field' });
    await dialog.waitFor();
    await expect.poll(() => pictureFilter(dialog)).toContain('blur(');
    // The first Show control is the file's own (More like this below may hold flagged neighbours).
    await dialog.getByRole('button', { name: 'Show sensitive content' }).first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'dialog-blurred-1280.png') });
    // Revealing inside the dialog does not close it and shows the picture.
    await dialog.getByRole('button', { name: 'Show sensitive content' }).first().click();
    await expect.poll(() => pictureFilter(dialog)).toBe('none');
    await expect.poll(() => dialog.getByRole('img', { name: /^(Deep field|Photo: .+)$/ }).first().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Revealed once, revealed everywhere on this page: the card now shows it too.
    await expect.poll(() => pictureFilter(card(page, page2Flagged))).toBe('none');

    // Clicking Show on a card reveals the picture without opening the dialog.
    await flaggedCard.getByRole('button', { name: 'Show sensitive content' }).click();
    await expect.poll(() => pictureFilter(flaggedCard)).toBe('none');
    expect(await flaggedCard.getByText('Sensitive content').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // A fresh load forgets reveals: the file page blurs the picture again.
    await page.goto(`${t.url}/file/${flagged}`);
    await page.getByRole('heading', { name: 'Launch' }).waitFor();
    await expect.poll(() => pictureFilter(page.locator('main'))).toContain('blur(');
    await page.getByRole('button', { name: 'Show sensitive content' }).first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'file-page-blurred-1280.png') });

    // 'NSFW content: show' turns the blur off everywhere.
    const saved = await page.request.put(`${t.url}/api/user/preferences`, { data: { nsfw: 'show' }, headers: { Origin: t.url } });
    expect(saved.status()).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Launch' }).waitFor();
    await expect.poll(() => pictureFilter(page.locator('main'))).toBe('none');
    expect(await page.getByText('Sensitive content').count()).toBe(0);

    await page.goto(t.url);
    await card(page, flagged).waitFor();
    for (const id of [flagged, page2Flagged, other]) await expect.poll(() => pictureFilter(card(page, id))).toBe('none');
    expect(await page.getByText('Sensitive content').count()).toBe(0);
    await card(page, flagged).click();
    const shown = page.getByRole('dialog', { name: 'Launch' });
    await shown.waitFor();
    await expect.poll(() => pictureFilter(shown)).toBe('none');
    expect(await shown.getByText('Sensitive content').count()).toBe(0);
    await context.close();
  });

  it('keeps the blur and its Show control inside a 360 px card', async () => {
    const { page } = await t.member({ width: 360, height: 800, theme: 'dark' });
    const context = page.context();
    const id = await uploadPhoto(page, 'chelsea-cat.jpg', 'Cat');
    await flagNsfw(id);
    await page.goto(t.url);
    const guarded = card(page, id);
    await guarded.getByRole('button', { name: 'Show sensitive content' }).waitFor();
    expect(await pictureFilter(guarded)).toContain('blur(');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await guarded.screenshot({ path: path.join(SHOTS, 'card-blurred-dark-360.png') });
    await context.close();
  });
});
