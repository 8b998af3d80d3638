import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toastText, useBrowserApp } from '../helpers/browser';
import { waitForMail } from '../helpers/test-app';

const t = useBrowserApp();
let page: Page;

beforeAll(async () => {
  page = await t.page({ width: 1280, height: 800 });
});

const member = { email: 'ada@example.com', username: 'ada_l', password: 'analytical1', firstName: 'Ada', lastName: 'Lovelace' };

describe('a new visitor', () => {
  it('goes from the landing page to sign-up and lands signed in on /', async () => {
    await page.goto(t.url);
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL(/\/auth\?tab=register/);
    await page.fill('#register-email', member.email);
    await page.fill('#register-username', 'Ada_L');
    expect(await page.inputValue('#register-username')).toBe('ada_l');
    await expect.poll(() => page.locator('#register-username-status').innerText(), { timeout: 10_000 }).toMatch(/available/i);
    await page.fill('#register-password', member.password);
    await page.fill('#register-confirmPassword', member.password);
    await page.fill('#register-firstName', member.firstName);
    await page.fill('#register-lastName', member.lastName);
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await toastText(page)).toContain('Account created!');
    await page.waitForURL(`${t.url}/`);
    await expect.poll(() => page.getByRole('button', { name: /account menu|Ada/i }).count()).toBeGreaterThan(0);
  });

  it('logs out through the avatar menu', async () => {
    await page.getByRole('button', { name: /account menu|Ada/i }).first().click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${t.url}/`);
    await expect.poll(() => page.getByRole('link', { name: 'Login' }).count()).toBeGreaterThan(0);
    const me = await page.request.get(`${t.url}/api/user`);
    expect(me.status()).toBe(401);
  });

  it('signs in with the username', async () => {
    await page.goto(`${t.url}/auth?tab=login`);
    await page.fill('#login-emailOrUsername', member.username);
    await page.fill('#login-password', member.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    expect(await toastText(page)).toContain('Welcome back!');
    await page.waitForURL(`${t.url}/`);
    expect((await page.request.get(`${t.url}/api/user`)).status()).toBe(200);
  });

  it('resets the password through the link in the outbox mail', async () => {
    await page.context().clearCookies();
    await page.goto(`${t.url}/auth?tab=login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.fill('#forgot-email', member.email);
    await page.getByRole('dialog').getByRole('button', { name: /send/i }).click();
    expect(await toastText(page)).toContain('Reset email sent');

    const mail = await waitForMail(t, (m) => m.to === member.email);
    const link = /(http:\/\/\S+\/reset-password\?token=\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByText('Create New Password').waitFor();
    await page.fill('#reset-password', 'brand-new-pass');
    await page.fill('#reset-confirmPassword', 'brand-new-pass');
    await page.getByRole('button', { name: /reset password/i }).click();
    expect(await toastText(page)).toContain('Password reset successful');
    await page.waitForURL(/\/auth\?tab=login/);

    await page.fill('#login-emailOrUsername', member.email);
    await page.fill('#login-password', 'brand-new-pass');
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await page.waitForURL(`${t.url}/`);
    expect((await page.request.get(`${t.url}/api/user`)).status()).toBe(200);

    // The same link a second time: the screen says it is invalid.
    await page.goto(link!);
    await page.getByText('Invalid Reset Link').waitFor();
  });

  it('sees the login failure toast for a wrong password', async () => {
    await page.context().clearCookies();
    await page.goto(`${t.url}/auth?tab=login`);
    await page.fill('#login-emailOrUsername', member.username);
    await page.fill('#login-password', 'wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    const text = await toastText(page);
    expect(text).toContain('Login failed');
    expect(text).toContain('Invalid email or password');
  });
});
