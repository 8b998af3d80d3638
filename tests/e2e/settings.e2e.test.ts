import path from 'node:path';
import sharp from 'sharp';
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shotsDir, useBrowserApp } from '../helpers/browser';

const SHOTS = shotsDir('settings');
const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });

async function signedInPage(width = 1280) {
  const { page, member } = await t.member({ width });
  return { context: page.context(), page, member };
}

async function closeToasts(page: Page) {
  for (const close of await page.getByRole('button', { name: 'Close' }).all()) await close.click().catch(() => undefined);
  await page.getByRole('button', { name: 'Close' }).first().waitFor({ state: 'detached' }).catch(() => undefined);
}

async function shot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
}

describe('settings', () => {
  it('shows Access Denied with a Log In link when signed out', async () => {
    const page = await t.browser.newPage();
    await page.goto(`${t.url}/settings`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText('You must be logged in to access settings.', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Log In' }).click();
    await page.waitForURL(/\/auth/);
    await page.close();
  });

  it('changes name and avatar and shows them in the header; screenshots light and dark', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${t.url}/settings`);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText('Your profile information has been saved.', { exact: true }).waitFor();
    const menu = page.getByRole('button', { name: 'Account menu' });
    await expect(menu.locator('[aria-hidden]').textContent()).resolves.toBe('GH');

    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0ea5e9' } }).png().toBuffer();
    await page.setInputFiles('#avatar-file', { name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Your profile picture has been updated.', { exact: true }).waitFor();
    await menu.locator('img[src^="/uploads/avatars/"]').waitFor();
    await page.getByRole('button', { name: 'Remove' }).waitFor();

    await closeToasts(page);
    await shot(page, 'settings-light', 1280);
    await shot(page, 'settings-light', 375);

    const text = Buffer.from('not an image');
    await page.setInputFiles('#avatar-file', { name: 'notes.txt', mimeType: 'text/plain', buffer: text });
    await page.getByText('Invalid file type', { exact: true }).waitFor();
    await closeToasts(page);

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/preferences') && r.request().method() === 'PUT');
    await page.getByRole('radio', { name: 'Dark' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(true);
    await page.getByRole('radio', { name: 'Dark' }).blur();
    await shot(page, 'settings-dark', 1280);
    await shot(page, 'settings-dark', 375);
    await context.close();
  });

  it('keeps the dark theme across a reload with no flash, and on a new device after sign-in', async () => {
    const { context, page, member } = await signedInPage();
    await page.goto(`${t.url}/settings`);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/preferences') && r.request().method() === 'PUT');
    await page.getByRole('radio', { name: 'Dark' }).click();
    await saved;

    // Recorded when parsing ends, before the module script (React) runs.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const w = window as unknown as { darkBeforeReact?: boolean };
        w.darkBeforeReact = document.documentElement.classList.contains('dark') && document.getElementById('root')?.childElementCount === 0;
      });
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await expect(page.evaluate(() => (window as unknown as { darkBeforeReact?: boolean }).darkBeforeReact)).resolves.toBe(true);
    await expect(page.getByRole('radio', { name: 'Dark' }).getAttribute('aria-checked')).resolves.toBe('true');

    const other = await t.browser.newContext({ colorScheme: 'light' });
    const fresh = await other.newPage();
    await fresh.goto(`${t.url}/auth?tab=login`);
    await fresh.locator('#login-emailOrUsername').fill(member.username);
    await fresh.locator('#login-password').fill(member.password);
    await fresh.getByRole('button', { name: 'Sign In', exact: true }).click();
    await fresh.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await expect(fresh.evaluate(() => localStorage.getItem('kaleido-theme'))).resolves.toBe('dark');
    await other.close();
    await context.close();
  });

  it('changes the password, logs out and signs in with the new one', async () => {
    const { context, page, member } = await signedInPage();
    await page.goto(`${t.url}/settings`);
    const update = page.getByRole('button', { name: 'Update Password' });
    await expect(update.isDisabled()).resolves.toBe(true);
    await page.locator('#settings-new-password').fill('new-secret-1');
    await page.locator('#settings-confirm-password').fill('new-secret-2');
    await update.click();
    await page.getByText('Please ensure both password fields are identical.', { exact: true }).waitFor();
    await page.locator('#settings-confirm-password').fill('new-secret-1');
    await page.getByRole('button', { name: 'Show password' }).first().click();
    await expect(page.locator('#settings-new-password').getAttribute('type')).resolves.toBe('text');
    await update.click();
    await page.getByText('Your password has been changed successfully.', { exact: true }).waitFor();
    await expect(page.locator('#settings-new-password').inputValue()).resolves.toBe('');
    await expect(page.locator('#settings-confirm-password').inputValue()).resolves.toBe('');

    await page.goto(`${t.url}/api/logout`);
    await page.goto(`${t.url}/auth?tab=login`);
    await page.locator('#login-emailOrUsername').fill(member.email);
    await page.locator('#login-password').fill('new-secret-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('lands on explore after sign-in when that is the default landing page', async () => {
    const { context, page, member } = await signedInPage();
    await page.goto(`${t.url}/settings`);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/preferences') && r.request().method() === 'PUT');
    await page.getByRole('radio', { name: 'Explore' }).click();
    await saved;
    await page.goto(`${t.url}/api/logout`);
    await page.goto(`${t.url}/auth?tab=login`);
    await page.locator('#login-emailOrUsername').fill(member.username);
    await page.locator('#login-password').fill(member.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/search$/);
    await context.close();
  });
});
