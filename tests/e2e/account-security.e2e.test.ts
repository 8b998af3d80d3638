import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ageProof, totp } from '../helpers/account-security';
import { shotsDir, signUpInBrowser, useBrowserApp, type ContextOptions } from '../helpers/browser';
import { newMember } from '../helpers/test-client';

// Passkeys, two-factor codes and the recent sign-in in Chromium. WebAuthn wants a domain for its
// relying party, not an IP address: the app is reached as `localhost` (PUBLIC_URL says so too),
// and Chromium's DevTools protocol gives each page a virtual authenticator.

const SHOTS = shotsDir('account-security');
const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });
let base = '';

beforeAll(() => {
  base = t.url.replace('127.0.0.1', 'localhost');
  t.config.publicUrl = base;
});

async function memberPage(options: ContextOptions = {}) {
  const page = await t.page(options);
  const member = newMember();
  const id = await signUpInBrowser(page, base, member);
  return { page, member, id };
}

/** A platform authenticator holding discoverable passkeys, the member present and verified. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

async function signOut(page: Page): Promise<void> {
  await page.goto(`${base}/api/logout`);
  await page.waitForURL(`${base}/`);
}

async function currentUserId(page: Page): Promise<number | null> {
  const res = await page.request.get(`${base}/api/user`);
  return res.status() === 200 ? ((await res.json()) as { id: number }).id : null;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

async function closeToasts(page: Page) {
  for (const close of await page.locator('[data-testid="toast"] button').all()) await close.click().catch(() => undefined);
}

describe('passkeys', () => {
  it('registers a passkey in Settings, then signs in with it after signing out', async () => {
    const { page, id } = await memberPage();
    await addVirtualAuthenticator(page);
    await page.goto(`${base}/settings#security`);
    const passkeys = page.getByTestId('passkeys');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('can now sign you in.').first().waitFor();
    await passkeys.getByText('Chrome on Linux').waitFor();
    await expect.poll(() => passkeys.getByText('never used').count()).toBe(1);

    // The button first: this page's browser offers no autofill, so nothing signs in by itself.
    await page.addInitScript(() => {
      if (localStorage.getItem('test-no-autofill')) PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    await page.evaluate(() => localStorage.setItem('test-no-autofill', '1'));
    await signOut(page);
    expect(await currentUserId(page)).toBeNull();
    await page.goto(`${base}/auth?tab=login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await page.waitForTimeout(500);
    expect(await currentUserId(page)).toBeNull();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText('You have been logged in successfully.').first().waitFor();
    expect(await currentUserId(page)).toBe(id);

    // Then the autofill: the passkey offered in the email-or-username field (the virtual
    // authenticator picks it, as the member would in the browser's suggestions).
    await page.evaluate(() => localStorage.removeItem('test-no-autofill'));
    await signOut(page);
    expect(await currentUserId(page)).toBeNull();
    await page.goto(`${base}/auth?tab=login`);
    await page.getByText('You have been logged in successfully.').first().waitFor();
    await page.waitForURL(`${base}/`);
    expect(await currentUserId(page)).toBe(id);

    await page.goto(`${base}/settings#security`);
    await page.getByTestId('passkeys').getByText(/last used/).waitFor();
  });
});

describe('two-factor codes', () => {
  /** Sets two-factor up through the dialog; answers the secret the page showed. */
  async function setUp(page: Page): Promise<{ secret: string; codes: string[] }> {
    await page.goto(`${base}/settings#security`);
    await page.getByTestId('two-factor').getByRole('button', { name: 'Set up' }).click();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await shot(page, 'two-factor-setup-1440-light');
    await page.getByLabel('Six-digit code').fill(await totp(secret, -1));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByTestId('recovery-codes');
    await list.waitFor();
    const codes = (await list.locator('li').allInnerTexts()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    const href = await page.getByRole('link', { name: 'Download' }).getAttribute('href');
    const file = decodeURIComponent(href!.replace(/^data:text\/plain;charset=utf-8,/, ''));
    for (const code of codes) expect(file).toContain(code);
    await shot(page, 'two-factor-codes-1440-light');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByTestId('two-factor').getByText('10 of 10 recovery codes left.', { exact: false }).waitFor();
    return { secret, codes };
  }

  it('turns two-factor on with a code, then asks for a code at sign-in', async () => {
    const { page, member, id } = await memberPage({ width: 1440 });
    const { secret } = await setUp(page);
    await closeToasts(page);
    await page.locator('#security').screenshot({ path: path.join(SHOTS, 'settings-security-1440-light.png') });

    await signOut(page);
    await page.goto(`${base}/auth?tab=login`);
    await page.getByLabel('Email or Username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByTestId('two-factor-step').waitFor();
    expect(await currentUserId(page)).toBeNull();
    await shot(page, 'login-two-factor-1440-light');
    await page.getByLabel('Authentication code').fill(await totp(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('You have been logged in successfully.').first().waitFor();
    expect(await currentUserId(page)).toBe(id);
  });

  it('asks for a recent sign-in in a dialog, then makes the change', async () => {
    const { page, member, id } = await memberPage();
    await page.goto(`${base}/settings#security`);
    await ageProof(t, id, 11);
    const email = `new.${member.email}`;
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Update Email' }).click();
    const dialog = page.getByTestId('recent-sign-in-dialog');
    await dialog.getByRole('heading', { name: "Confirm it's you" }).waitFor();
    await shot(page, 'recent-sign-in-1280-light');
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Incorrect password').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Your email address has been changed.').first().waitFor();
    const me = await page.request.get(`${base}/api/user`);
    expect(((await me.json()) as { email: string }).email).toBe(email.toLowerCase());
  });

  it('looks right on a phone and in dark mode', async () => {
    for (const [width, theme] of [[390, 'light'], [390, 'dark'], [1440, 'dark']] as const) {
      const { page, member } = await memberPage({ width, height: 860, theme });
      const { secret } = await setUp(page);
      await closeToasts(page);
      await page.waitForTimeout(300);
      await page.locator('#security').screenshot({ path: path.join(SHOTS, `settings-security-${width}-${theme}.png`) });
      await signOut(page);
      await page.goto(`${base}/auth?tab=login`);
      await page.getByLabel('Email or Username').fill(member.username);
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByTestId('two-factor-step').waitFor();
      await shot(page, `login-two-factor-${width}-${theme}`);
      await page.getByLabel('Authentication code').fill(await totp(secret, 1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('You have been logged in successfully.').first().waitFor();
      await page.context().close();
    }
  });
});
