import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHOTOS, shooter, shotsDir, useBrowserApp, waitForToast } from '../helpers/browser';

// Posting as on Pixelfed (docs/decisions/032): alt text written in the upload dialog and found in
// the DOM, the Edit dialog changing name and visibility for the feed and a signed-out page, the
// ALT badge, #tags and @mentions as links, a mention reaching the member's bell.

const SHOTS = shotsDir('posting');
const shot = shooter(SHOTS, { settleMs: 400, fullPage: false });
const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Serious or critical axe findings inside `selector`. */
async function axe(page: Page, selector: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(selector).withTags(AXE_TAGS).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function username(page: Page): Promise<string> {
  return ((await (await page.request.get(`${t.url}/api/user`)).json()) as { username: string }).username;
}

describe('posting', () => {
  it('uploads with alt text, edits name and visibility, and the feed and a signed-out page follow', async () => {
    const { page } = await t.member({ as: { firstName: 'Olga', lastName: 'Owner' } });
    const { page: other } = await t.member({ as: { firstName: 'Otto', lastName: 'Other' } });

    // The upload dialog: describe first, one alt text field per picture, then Upload.
    await page.goto(t.url);
    await page.getByRole('button', { name: 'Upload files' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Files' });
    await upload.getByLabel('Describe images (alt text) before they upload').check();
    await upload.getByLabel('Description').fill('Lazy afternoon #catlife with a view');
    await page.getByTestId('upload-input').setInputFiles(path.join(PHOTOS, 'chelsea-cat.jpg'));
    const alt = upload.getByLabel('Alt text for chelsea-cat.jpg');
    await alt.fill('A tabby cat looking straight at the camera');
    expect(await axe(page, '[role="dialog"]')).toEqual([]);
    await shot(page, 'upload-dialog-light-1280');
    await upload.getByRole('button', { name: 'Upload 1 file' }).click();
    await upload.waitFor({ state: 'hidden', timeout: 60_000 });

    // The alt is in the DOM of the feed's card, and of the file page with its ALT badge.
    const card = page.getByTestId('file-card').first();
    await card.locator('img[alt="A tabby cat looking straight at the camera"]').waitFor({ timeout: 15_000 });
    const id = Number(await card.getAttribute('data-file-id'));
    await page.goto(`${t.url}/file/${id}`);
    await page.locator('main img[alt="A tabby cat looking straight at the camera"]').waitFor();
    await page.getByRole('button', { name: 'Show the alt text' }).click();
    await page.getByText('A tabby cat looking straight at the camera', { exact: true }).waitFor();
    // The hashtag links to its search.
    await expect.poll(() => page.getByRole('link', { name: '#catlife' }).first().getAttribute('href')).toBe('/search?q=%23catlife');
    await shot(page, 'file-page-alt-light-1280');

    // A visitor's page and another member's feed, before the edit.
    const visitor = await t.page();
    await visitor.goto(`${t.url}/file/${id}`);
    await visitor.getByRole('heading', { name: 'chelsea-cat.jpg' }).waitFor();
    await other.goto(t.url);
    await other.locator(`[data-testid="file-card"][data-file-id="${id}"]`).waitFor();

    // The Edit dialog: rename.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit file' });
    await edit.getByLabel('Name').fill('Ginger on the sofa');
    expect(await axe(page, '[role="dialog"]')).toEqual([]);
    await shot(page, 'edit-dialog-light-1280');
    await edit.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Changes saved');
    await page.getByRole('heading', { name: 'Ginger on the sofa' }).waitFor();
    await page.getByTestId('edited-note').first().waitFor();

    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Ginger on the sofa' }).waitFor();
    await other.reload();
    await other.locator(`[data-testid="file-card"][data-file-id="${id}"]`).getByText('Ginger on the sofa').first().waitFor();

    // Private now: gone from the other member's feed and from the signed-out page.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    // The switch's input is visually hidden: the member presses its row.
    await edit.locator('label', { hasText: 'Public' }).click();
    expect(await edit.getByRole('switch', { name: /Public/ }).isChecked()).toBe(false);
    await edit.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Changes saved');
    await other.reload();
    await other.getByTestId('file-card').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
    expect(await other.locator(`[data-testid="file-card"][data-file-id="${id}"]`).count()).toBe(0);
    const gone = await visitor.goto(`${t.url}/file/${id}`);
    expect(gone?.status()).toBe(404);
  });

  it('shows the Edit dialog and upload dialog on a phone in the dark', async () => {
    const { page } = await t.member({ width: 390, height: 844, theme: 'dark', as: { firstName: 'Pia', lastName: 'Phone' } });
    const id = await t.upload(page, 'coffee-cup.jpg', { name: 'Flat white', description: 'Morning with @nobody_at_all at https://example.com #coffee' });
    await page.goto(`${t.url}/file/${id}`);
    await page.getByRole('link', { name: 'https://example.com' }).waitFor();
    expect(await page.getByRole('link', { name: 'https://example.com' }).getAttribute('rel')).toBe('nofollow ugc noopener');
    await shot(page, 'file-page-dark-390');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit file' });
    await edit.locator('label', { hasText: 'Sensitive' }).click();
    expect(await edit.getByRole('switch', { name: /Sensitive/ }).isChecked()).toBe(true);
    await edit.getByLabel('Content warning').fill('Caffeine');
    expect(await axe(page, '[role="dialog"]')).toEqual([]);
    await shot(page, 'edit-dialog-dark-390');
    await edit.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Changes saved');
    await page.goto(t.url);
    await page.getByTestId('content-warning').filter({ hasText: 'Caffeine' }).first().waitFor();
    await shot(page, 'feed-content-warning-dark-390');
    await page.getByRole('button', { name: 'Upload files' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Files' });
    await upload.getByLabel('Describe images (alt text) before they upload').check();
    await page.getByTestId('upload-input').setInputFiles(path.join(PHOTOS, 'grass.jpg'));
    await upload.getByLabel('Alt text for grass.jpg').waitFor();
    expect(await axe(page, '[role="dialog"]')).toEqual([]);
    await shot(page, 'upload-dialog-dark-390');
  });

  it("a mention in a comment reaches the member's bell", async () => {
    const { page: owner } = await t.member({ as: { firstName: 'Mia', lastName: 'Owner' } });
    const { page: bob } = await t.member({ width: 1280, theme: 'dark', as: { firstName: 'Bob', lastName: 'Mentioned' } });
    const id = await t.upload(owner, 'astronaut.jpg', { name: 'Spacewalk' });
    await bob.goto(t.url);
    await owner.goto(`${t.url}/file/${id}`);
    await owner.getByRole('tab', { name: /Comments/ }).click().catch(() => undefined);
    // Autocomplete after @: the member picker's search completes the name.
    const bobName = await username(bob);
    const box = owner.getByLabel('Add a comment');
    await box.fill(`look at this #space @${bobName.slice(0, -1)}`);
    await owner.getByTestId('mention-suggestions').getByRole('button', { name: new RegExp(`^${bobName}\\b`) }).click();
    await expect.poll(() => box.inputValue()).toBe(`look at this #space @${bobName} `);
    await owner.getByRole('button', { name: 'Post Comment' }).click();
    await owner.getByRole('link', { name: `@${await username(bob)}` }).waitFor();
    await shot(owner, 'comment-mention-light-1280');
    await bob.getByTestId('notification-badge').filter({ hasText: '1' }).first().waitFor({ timeout: 15_000 });
    await bob.goto(`${t.url}/notifications`);
    await bob.getByTestId('notification-item').filter({ hasText: 'Mia Owner mentioned you on "Spacewalk"' }).waitFor();
    await shot(bob, 'bell-mention-dark-1280');
  });
});
