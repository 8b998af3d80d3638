import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shooter, shotsDir, signUpInBrowser, useBrowserApp } from '../helpers/browser';
import { newMember } from '../helpers/test-client';
import { photo } from '../helpers/upload';
import { pdf } from '../helpers/media-samples';

// The manifest's share target (docs/decisions/035-installable-app-and-push.md): a phone POSTs
// the shared files, multipart, to /share-target; the service worker keeps them and the upload
// dialog opens with them, waiting for tags and a folder. Signed out: sign in, then back to them.

const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });
const shot = shooter(shotsDir('share-target'), { fullPage: false });

/** What the phone's Share sheet does: a multipart POST of the files to the manifest's action, as a navigation. */
async function share(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.evaluate(() => {
    const form = Object.assign(document.createElement('form'), { method: 'post', enctype: 'multipart/form-data', action: '/share-target' });
    form.id = 'phone-share';
    form.append(Object.assign(document.createElement('input'), { type: 'file', name: 'files', multiple: true }));
    document.body.append(form);
  });
  await page.locator('#phone-share input').setInputFiles(files);
  await Promise.all([page.waitForURL((url) => url.pathname !== '/'), page.evaluate(() => (document.getElementById('phone-share') as HTMLFormElement).submit())]);
}

describe('sharing files from the phone', () => {
  it('lands the shared files in the upload dialog with their names; they upload with the tags chosen', async () => {
    const { page } = await t.member({ width: 390, height: 844 });
    await page.goto(`${t.url}/`);
    await share(page, [
      { name: 'Beach day.jpg', mimeType: 'image/jpeg', buffer: await photo('grass.jpg') },
      { name: 'Boarding pass.pdf', mimeType: 'application/pdf', buffer: await pdf() },
    ]);
    const dialog = page.getByRole('dialog', { name: 'Upload Files' });
    await dialog.waitFor();
    await dialog.getByText('Beach day.jpg', { exact: true }).waitFor();
    await dialog.getByText('Boarding pass.pdf', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await shot(page, 'shared-files-390');
    // Nothing was sent yet: the member adds tags first.
    expect(await (await page.request.get(`${t.url}/api/files?offset=0&limit=20`)).json()).toHaveLength(0);
    await dialog.getByLabel('Tags').fill('holiday');
    await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
    await page.getByTestId('upload-progress').getByText('Upload Complete').waitFor({ timeout: 60_000 });
    const files = (await (await page.request.get(`${t.url}/api/files?offset=0&limit=20`)).json()) as Array<{ name: string; tags: string[] }>;
    expect(files.map((f) => f.name).sort()).toEqual([expect.stringContaining('Beach day'), expect.stringContaining('Boarding pass')]);
    for (const f of files) expect(f.tags).toContain('holiday');
  });

  it('sends a member who is signed out to sign in, then back to the shared files', async () => {
    const member = newMember();
    await signUpInBrowser(await t.page(), t.url, member);
    const page = await t.page({ width: 390, height: 844 });
    await page.goto(`${t.url}/`);
    await share(page, [{ name: 'Sunset.jpg', mimeType: 'image/jpeg', buffer: await photo('coffee-cup.jpg') }]);
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/share');
    expect(await page.evaluate(() => caches.keys())).toContain('kaleido-share');
    await page.getByLabel('Email or Username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Files' });
    await dialog.getByText('Sunset.jpg', { exact: true }).waitFor();
    await shot(page, 'shared-after-sign-in-390');
  });
});
