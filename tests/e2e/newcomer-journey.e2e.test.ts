import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, shotsDir, waitForToast } from '../helpers/browser';
import { startPrintedServer, type PrintedServer } from '../helpers/printed-server';
import { newMember, signUp, TestClient } from '../helpers/test-client';
import { photo, uploadOk } from '../helpers/upload';

// A newcomer's first hour (decision 030), as one path: `npm start` on a fresh clone, open the
// address it prints, sign up, follow someone suggested, upload a photo and a broken file, find
// the folder a member shared, see who liked the photo, and search with a typo. At 390 and 1440
// px, light and dark, with axe on every screen on the way and screenshots to look at.

const SHOTS = shotsDir('newcomer-journey');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
let server: PrintedServer;
let browser: Browser;
let maya: TestClient;
let tripFolder: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startPrintedServer({ AUTH_RATE_LIMIT: '1000', WRITE_BUDGET_SCALE: '100' }), launchBrowser()]);
  // A member already there: a public photo to suggest her by, and a private folder to share.
  maya = new TestClient(server.listenUrl, server.publicUrl);
  await signUp(maya, { firstName: 'Maya', lastName: 'Lind' });
  await uploadOk(maya, await photo('grass.jpg'), 'grass.jpg', { name: 'Green apple', tags: 'orchard, fruit', isPublic: 'true' }, 'image/jpeg');
  const folder = await maya.post('/api/folders', { name: 'Trip plans', isPublic: false });
  expect(folder.status, folder.text).toBe(201);
  tripFolder = folder.body.id;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function serious(page: Page, screen: string): Promise<string[]> {
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${screen}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('npm start on a fresh clone', () => {
  it('prints PUBLIC_URL first, and every address it listens on says where pages go', () => {
    expect(server.printed[0]).toBe(server.publicUrl);
    expect(server.printed).toContain(server.listenUrl);
    expect(server.log()).toContain(`Listening at ${server.listenUrl}: pages there redirect to ${server.publicUrl}`);
  });
});

describe.each([
  { width: 390, theme: 'light' },
  { width: 390, theme: 'dark' },
  { width: 1440, theme: 'light' },
  { width: 1440, theme: 'dark' },
] as const)('a newcomer at $width px, $theme', ({ width, theme }) => {
  it('opens the printed address, signs up, uploads, finds the shared folder, sees who liked, searches', async () => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
    await context.addInitScript((value) => window.localStorage.setItem('kaleido-theme', value), theme);
    const page = await context.newPage();
    const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}-${theme}-${width}.png`), fullPage: width < 500 });
    const findings: string[] = [];

    // 1. The address the terminal shows: its pages send the browser to PUBLIC_URL.
    await page.goto(`${server.listenUrl}/`);
    expect(page.url()).toBe(`${server.publicUrl}/`);
    await page.getByRole('link', { name: 'Get Started' }).click();
    const me = newMember({ firstName: 'Noor', lastName: 'Newcomer' });
    await page.getByLabel('Email').fill(me.email);
    await page.getByLabel('Username').fill(me.username);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByLabel('Confirm Password').fill(me.password);
    await page.getByLabel('First Name').fill(me.firstName);
    await page.getByLabel('Last Name').fill(me.lastName);
    await page.getByRole('button', { name: 'Create Account' }).click();

    // 8. Day one: someone to follow and a tag to explore.
    const suggestions = page.getByTestId('suggestions');
    await suggestions.getByRole('button', { name: 'Follow Maya' }).waitFor();
    await expect.poll(() => suggestions.getByRole('link', { name: /orchard/ }).count()).toBe(1);
    await shot('01-home-suggestions');
    findings.push(...(await serious(page, 'home with suggestions')));
    await suggestions.getByRole('button', { name: 'Follow Maya' }).click();
    await suggestions.getByRole('button', { name: 'Unfollow Maya' }).waitFor();

    // 2. A photo and a broken file, with a Name typed first.
    const uploadButton = page.getByRole('button', { name: 'Upload files' });
    await uploadButton.click();
    const dialog = page.getByRole('dialog', { name: 'Upload Files' });
    await dialog.getByLabel('Name', { exact: true }).fill('Holiday');
    await dialog.getByTestId('upload-input').setInputFiles([
      { name: 'sunny.jpg', mimeType: 'image/jpeg', buffer: await photo('coffee-cup.jpg') },
      { name: 'broken.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is not a picture at all') },
    ]);
    const failed = dialog.locator('[data-testid="upload-row"][data-status="error"]');
    await failed.waitFor({ timeout: 30_000 });
    await expect.poll(() => failed.getByTestId('upload-error').textContent()).toBe('broken.jpg: File type not supported');
    // One completion notice: the summary toast counts both; the progress card steps aside.
    await waitForToast(page, '1 file(s) uploaded successfully, 1 failed');
    await expect.poll(() => page.getByTestId('upload-progress').count()).toBe(0);
    expect(await page.locator('[data-testid="toast"]').filter({ hasText: 'Upload Complete' }).count()).toBe(1);
    expect(await dialog.getByRole('heading', { name: 'Selected Files (1)' }).count()).toBe(1);
    await shot('02-upload-one-failed');
    findings.push(...(await serious(page, 'upload dialog with a failed file')));
    // The dialog keeps its margins on a phone, whatever the reason says.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await failed.getByRole('button', { name: 'Remove broken.jpg' }).click();
    await expect.poll(() => dialog.getByTestId('upload-row').count()).toBe(0);
    // Escape closes the toast first when it is still up (the top layer), then the dialog. A toast
    // leaving on its own timer stays the top layer until it has slid out, so the Escape meant for
    // the dialog waits for it to be gone rather than for a fixed time.
    // Counted open, as a member sees them: a closed toast can still be in the page, hidden by its
    // exit animation's last frame, until Radix takes it out.
    const toasts = page.locator('[data-testid="toast"][data-state="open"]');
    if ((await toasts.count()) > 0) {
      await page.keyboard.press('Escape');
      await expect.poll(() => toasts.count()).toBe(0);
    }
    if ((await dialog.count()) > 0) await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    // 5. Focus goes back to the button that opened the dialog.
    const focused = () => page.evaluate(() => {
      const active = document.activeElement;
      return active?.getAttribute('aria-label') ?? `${active?.tagName} ${active?.getAttribute('role') ?? ''}`.trim();
    });
    await expect.poll(focused).toBe('Upload files');

    // The one file that made it got the typed name, numbered within its batch of two.
    const mine = await page.request.get(`${server.publicUrl}/api/user`);
    const myId = ((await mine.json()) as { id: number }).id;
    const files = (await (await page.request.get(`${server.publicUrl}/api/users/${myId}/files`)).json()) as { id: number; name: string }[];
    expect(files.map((f) => f.name)).toEqual(['Holiday (1 of 2)']);

    // 8. After the first upload: a hint to make a folder.
    await page.getByTestId('folder-hint').getByRole('button', { name: 'New folder' }).waitFor();
    await shot('03-folder-hint');

    // 3. Maya shares her private folder; 4. and likes the photo.
    expect((await maya.post(`/api/folders/${tripFolder}/collaborators`, { userId: myId, role: 'EDITOR' })).status).toBe(201);
    expect((await maya.post(`/api/files/${files[0].id}/like`)).status).toBe(200);
    await page.goto(`${server.publicUrl}/notifications`);
    const liked = page.locator('[data-testid="notification-item"][data-type="like"]');
    await liked.getByTestId('notification-thumbnail').waitFor();
    await expect.poll(() => liked.getByTestId('notification-kind').count()).toBe(1);
    await shot('04-notifications');
    findings.push(...(await serious(page, 'notifications')));

    await page.goto(`${server.publicUrl}/profile`);
    const shared = page.getByRole('region', { name: /Shared with me/ });
    const folderCard = shared.getByTestId('folder-card');
    await folderCard.getByText('Trip plans').waitFor();
    expect(await folderCard.getByText('Private Folder').count()).toBe(0);
    await shot('05-profile-shared-with-me');
    findings.push(...(await serious(page, 'own profile')));
    await folderCard.click();
    await page.getByRole('heading', { name: 'Trip plans' }).waitFor();

    // 7. Two letters swapped, as thumbs do on a phone.
    await page.goto(`${server.publicUrl}/search?q=aplpe`);
    await page.locator('[data-testid="file-card"]').filter({ hasText: 'Green apple' }).first().waitFor();
    await shot('06-search-typo');
    findings.push(...(await serious(page, 'search')));

    expect(findings).toEqual([]);
    await context.close();
  });
});
