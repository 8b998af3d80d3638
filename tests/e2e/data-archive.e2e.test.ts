import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { PHOTOS, shotsDir, useBrowserApp, waitForToast } from '../helpers/browser';

// A member asks for their data in Settings, is told when it is ready, downloads the
// zip, and finds their own files in it and nothing private of anyone else.

const SHOTS = shotsDir('data-archive');

const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' }, {}, { jobs: { pollingIntervalSeconds: 0.5 } });

async function uploadPhoto(page: Page, name: string, photo: string, isPublic: boolean): Promise<Buffer> {
  await t.upload(page, photo, { name, isPublic: String(isPublic) });
  return readFile(path.join(PHOTOS, photo));
}

function zipNames(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, s) => {
          if (e || !s) return reject(e);
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('end', () => (out.set(entry.fileName, Buffer.concat(chunks)), zip.readEntry()));
        }),
      );
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.locator('#data').screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

describe('Download my data', () => {
  it('requests, is notified, downloads their own files and nothing private of another member', async () => {
    const { page } = await t.member({ width: 1280, colorScheme: 'light', acceptDownloads: true, as: { firstName: 'Dana', lastName: 'Data' } });
    const { page: other } = await t.member({ width: 390, colorScheme: 'dark', acceptDownloads: true, as: { firstName: 'Otto', lastName: 'Other' } });
    const [mine, theirs] = [page.context(), other.context()];
    const cat = await uploadPhoto(page, 'My cat', 'chelsea-cat.jpg', true);
    const cup = await uploadPhoto(page, 'Private cup', 'coffee-cup.jpg', false);
    const rocket = await uploadPhoto(other, 'Otto secret rocket', 'rocket-launch.jpg', false);

    await page.goto(`${t.url}/settings#data`);
    const section = page.getByTestId('data-archive');
    await section.getByText('Download my data').waitFor();
    await shot(page, 'before');
    await section.getByRole('button', { name: 'Request my archive' }).click();
    await waitForToast(page, 'Archive requested');
    await section.getByText(/Your archive is ready \(/).waitFor({ timeout: 30_000 });
    await shot(page, 'ready-light');

    // The bell says so, and the item leads back here.
    await page.getByTestId('notification-badge').waitFor({ timeout: 15_000 });
    await page.goto(`${t.url}/notifications`);
    const item = page.getByTestId('notification-item').filter({ hasText: 'Your data archive is ready to download until' });
    await item.click();
    await page.waitForURL(/\/settings/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('data-archive').getByRole('link', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^kaleido-.+\.zip$/);
    const zip = await zipNames(await readFile((await download.path())!));
    const originals = [...zip.entries()].filter(([name]) => name.startsWith('kaleido-data/files/'));
    expect(originals.map(([name]) => name).sort()).toEqual([expect.stringMatching(/chelsea-cat\.jpg$/), expect.stringMatching(/coffee-cup\.jpg$/)].sort());
    const bytes = originals.map(([, b]) => b);
    expect(bytes.some((b) => b.equals(cat))).toBe(true);
    expect(bytes.some((b) => b.equals(cup))).toBe(true);
    const all = Buffer.concat([...zip.values()]);
    expect(all.includes(rocket)).toBe(false);
    expect(all.toString('latin1')).not.toContain('Otto secret rocket');

    // The other member's screen: dark, 390 px, no archive of theirs and no way to Dana's.
    await other.goto(`${t.url}/settings#data`);
    await other.getByTestId('data-archive').getByRole('button', { name: 'Request my archive' }).waitFor();
    await shot(other, 'phone-dark');
    const url = await page.getByTestId('data-archive').getByRole('link', { name: 'Download' }).getAttribute('href');
    expect((await other.request.get(`${t.url}${url}`)).status()).toBe(404);
    await mine.close();
    await theirs.close();
  }, 120_000);
});
