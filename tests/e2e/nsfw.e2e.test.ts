import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../server/db/schema/index';
import { launchBrowser, signUpInBrowser } from '../helpers/browser';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { newMember } from '../helpers/test-client';

const PHOTO = path.resolve(import.meta.dirname, '../fixtures/photos/coffee-cup.jpg');

// A file flagged NSFW is blurred behind 'Show' while the member's preference is hide (the
// default), and shown plainly once they choose show.
let t: TestApp;
let browser: Browser;
let page: Page;
let fileId: number;

beforeAll(async () => {
  t = await startTestApp();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signUpInBrowser(page, t.url, newMember());
  const res = await page.request.post(`${t.url}/api/files`, {
    headers: { origin: t.url },
    multipart: { file: { name: 'cup.jpg', mimeType: 'image/jpeg', buffer: await readFile(PHOTO) }, isPublic: 'true' },
  });
  expect(res.status()).toBe(201);
  fileId = (await res.json()).id;
  await t.database.db.update(files).set({ isNsfw: true }).where(eq(files.id, fileId));
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const card = () => page.getByTestId('file-card').first();
const blurredLayers = (scope: ReturnType<Page['locator']>) => scope.locator('.blur-2xl');

describe('NSFW files', () => {
  it('are blurred on the card until Show, and in the detail dialog', async () => {
    await page.goto(t.url);
    await card().waitFor();
    await expect.poll(() => blurredLayers(card()).count()).toBe(1);
    await card().getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => blurredLayers(card()).count()).toBe(0);

    await page.reload();
    await card().waitFor();
    await card().click({ position: { x: 10, y: 10 } });
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => blurredLayers(dialog).count()).toBeGreaterThan(0);
  });

  it('are blurred on the file page', async () => {
    await page.goto(`${t.url}/file/${fileId}`);
    await page.getByRole('button', { name: 'Show' }).first().waitFor();
    expect(await blurredLayers(page.locator('main')).count()).toBeGreaterThan(0);
  });

  it('are shown plainly once the preference is show', async () => {
    const res = await page.request.put(`${t.url}/api/user/preferences`, { data: { nsfw: 'show' }, headers: { origin: t.url } });
    expect(res.status()).toBe(200);
    await page.goto(t.url);
    await card().waitFor();
    await card().locator('img').first().waitFor();
    expect(await blurredLayers(card()).count()).toBe(0);
    expect(await card().getByRole('button', { name: 'Show' }).count()).toBe(0);
  });
});
