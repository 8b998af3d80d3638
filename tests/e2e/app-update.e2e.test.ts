import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from '../helpers/browser';

// A new deploy (docs/decisions/035-installable-app-and-push.md): the service worker of the new
// build waits, the member is told "A new version is available — Reload", and Reload starts it.
// The app serves a copy of the built client, so the test can deploy a changed worker under it.

let clientDir = '';
const t = useBrowserApp(() => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaleido-client-'));
  fs.cpSync(path.resolve(import.meta.dirname, '../../dist/client'), clientDir, { recursive: true });
  return { patch: { clientDir }, cleanup: () => fs.rmSync(clientDir, { recursive: true, force: true }) };
});

describe('a new deploy', () => {
  it('shows "A new version is available — Reload", and Reload runs the new version', async () => {
    const { page } = await t.member({ width: 390, height: 844 });
    await page.goto(`${t.url}/`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
    const firstScript = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

    // The deploy: the worker's bytes change (as a build with new assets changes its precache list).
    fs.appendFileSync(path.join(clientDir, 'sw.js'), '\n// deployed again\n');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());

    const toast = page.locator('[data-testid="toast"]').filter({ hasText: 'A new version is available' });
    await toast.waitFor();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting !== null)).toBe(true);
    await Promise.all([page.waitForEvent('load'), toast.getByRole('button', { name: 'Reload' }).click()]);
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)).toBe(null);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstScript);
    await page.getByRole('button', { name: /upload/i }).first().waitFor();
  });
});
