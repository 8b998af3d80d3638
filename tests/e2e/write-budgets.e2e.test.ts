import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyWritesMessage } from '../../contract/common';
import { launchBrowser, waitForToast } from '../helpers/browser';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { newMember } from '../helpers/test-client';

const PHOTOS = path.resolve(import.meta.dirname, '../fixtures/photos');
const SHOTS = path.resolve(import.meta.dirname, '../../test-results/write-budgets');

let t: TestApp;
let browser: Browser;

beforeAll(async () => {
  // A tenth of the production budgets: one comment a minute, so the second is refused.
  t = await startTestApp({ WRITE_BUDGET_SCALE: '0.1' });
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('a member past a write budget (decision 021)', () => {
  for (const [theme, width] of [['light', 1280], ['dark', 390]] as const) {
    it(`is told to slow down, in the toast of the failed comment (${theme}, ${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
      await context.addInitScript((value) => window.localStorage.setItem('kaleido-theme', value), theme);
      const page = await context.newPage();
      expect((await page.request.post(`${t.url}/api/register`, { data: newMember(), headers: { Origin: t.url } })).status()).toBe(201);
      const upload = await page.request.post(`${t.url}/api/files`, {
        headers: { Origin: t.url },
        multipart: { name: 'Grass', description: 'Green', tags: 'nature', isPublic: 'true', file: { name: 'grass.jpg', mimeType: 'image/jpeg', buffer: await readFile(path.join(PHOTOS, 'grass.jpg')) } },
      });
      const { id } = (await upload.json()) as { id: number };
      await page.goto(`${t.url}/file/${id}`);
      await page.getByRole('tab', { name: 'Comments (0)' }).click();
      await page.getByPlaceholder('Add a comment...').fill('First thought');
      await page.getByRole('button', { name: 'Post Comment' }).click();
      await page.getByTestId('comment').getByText('First thought').waitFor();
      await page.getByPlaceholder('Add a comment...').fill('And another');
      await page.getByRole('button', { name: 'Post Comment' }).click();
      await waitForToast(page, tooManyWritesMessage);
      // The toast slides in: photographed once it is in place.
      await page.waitForTimeout(600);
      await page.screenshot({ path: path.join(SHOTS, `comment-refused-${theme}-${width}.png`) });
      expect(await page.getByTestId('comment').count()).toBe(1);
      await context.close();
    });
  }
});
