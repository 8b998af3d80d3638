import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTOS, shooter, shotsDir, useBrowserApp } from '../helpers/browser';

// The admin dashboard (the first tab of /admin) and storage quotas as a member sees them:
// Settings' storage bar, and the upload dialog's refusal on the item.

const SHOTS = shotsDir('admin-dashboard');
const ADMIN = 'dash-admin@example.com';
const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000', ADMIN_EMAILS: ADMIN, STORAGE_QUOTA_MB: '1' });
const shot = shooter(SHOTS);

beforeAll(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
});

/** A real JPEG padded after its end marker to `bytes`. */
async function jpegOf(bytes: number): Promise<Buffer> {
  const cat = await fs.readFile(path.join(PHOTOS, 'chelsea-cat.jpg'));
  return Buffer.concat([cat, Buffer.alloc(bytes - cat.length)]);
}

describe('admin dashboard and storage quotas', () => {
  it('shows an admin the members, uploads, storage and queue on /admin, and a member is turned away', async () => {
    const { page: member, member: who } = await t.member({ as: { username: 'dash_member' } });
    await t.upload(member, 'chelsea-cat.jpg');
    await t.upload(member, 'coffee-cup.jpg');
    const { page: admin } = await t.member({ as: { email: ADMIN } });
    await admin.goto(`${t.url}/admin`);
    await admin.getByRole('tab', { name: 'Dashboard', selected: true }).waitFor();
    const members = admin.getByTestId('stat-members');
    await expect.poll(() => members.textContent()).toContain('2');
    expect(await members.textContent()).toContain('2 new, 2 active this week');
    const chart = admin.getByRole('img', { name: /Uploads per day for the last 30 days: 2 in all/ });
    await chart.waitFor();
    const biggest = admin.getByRole('listitem').filter({ hasText: `@${who.username}` });
    await expect.poll(() => biggest.textContent()).toMatch(/2 files/);
    await shot(admin, 'dashboard-light-1280');
    await admin.emulateMedia({ colorScheme: 'dark' });
    await shot(admin, 'dashboard-dark-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await shot(admin, 'dashboard-dark-390');
    await admin.emulateMedia({ colorScheme: 'light' });
    await shot(admin, 'dashboard-light-390');

    // The waitlist is the second tab, with its own address.
    await admin.getByRole('tab', { name: 'Waitlist' }).click();
    await admin.waitForURL(`${t.url}/admin?tab=waitlist`);
    await admin.getByRole('heading', { name: 'Waitlist Management' }).waitFor();

    await member.goto(`${t.url}/admin`);
    await member.getByRole('heading', { name: 'Access Denied' }).waitFor();
  });

  it('shows a member their storage with a bar, and the upload dialog says why a file over the quota was refused', async () => {
    const { page } = await t.member({ width: 1280 });
    const filled = await page.request.post(`${t.url}/api/files`, {
      headers: { Origin: t.url },
      multipart: { file: { name: 'big.jpg', mimeType: 'image/jpeg', buffer: await jpegOf(700 * 1024) } },
    });
    expect(filled.status()).toBe(201);
    await page.goto(`${t.url}/settings#data`);
    await page.getByText('Storage: 700 KB of 1 MB used').waitFor();
    expect(await page.getByRole('progressbar', { name: 'Storage used' }).getAttribute('aria-valuenow')).toBe('68');
    await page.getByTestId('storage-usage').scrollIntoViewIfNeeded();
    await shot(page, 'settings-storage-light-1280');

    await page.goto(t.url);
    await page.getByRole('button', { name: 'Upload files' }).click();
    await page.getByTestId('upload-input').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: await jpegOf(500 * 1024) });
    const row = page.getByTestId('upload-row').filter({ hasText: 'holiday.jpg' });
    await row.and(page.locator('[data-status="error"]')).waitFor({ timeout: 30_000 });
    await expect.poll(() => row.getByTestId('upload-error').textContent()).toBe('Your storage is full (1 MB). Delete some files to upload more.');
    await shot(page, 'upload-refused-light-1280');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the progress card covers the list's end: the member closes it to read the row.
    await page.getByRole('button', { name: 'Close upload progress' }).click();
    await row.scrollIntoViewIfNeeded();
    expect(await row.getByTestId('upload-error').isVisible()).toBe(true);
    await shot(page, 'upload-refused-dark-390');

    // Settings still says 700 KB: the refused file took nothing.
    await page.goto(`${t.url}/settings#data`);
    await page.getByText('Storage: 700 KB of 1 MB used').waitFor();
    await shot(page, 'settings-storage-dark-390');
  });
});
