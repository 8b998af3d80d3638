import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveAppSecret } from '../../server/lib/app-secret';
import { createUnsubscribeToken } from '../../server/modules/notification-mail/unsubscribe-token';
import { shotsDir, useBrowserApp, waitForToast } from '../helpers/browser';
import { newMember } from '../helpers/test-client';

const SHOTS = shotsDir('admin-waitlist');
const t = useBrowserApp({ REGISTRATION: 'waitlist', AUTH_RATE_LIMIT: '1000', ADMIN_EMAILS: 'chief@example.com' });

beforeAll(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
});

const context = (colorScheme: 'light' | 'dark' = 'light', width = 1280) => t.page({ width, colorScheme });

describe('admin waitlist', () => {
  it('an admin approves an application on /admin and the applicant can then sign in', async () => {
    const { page: admin } = await t.member({ as: { email: 'chief@example.com', firstName: 'Ada', lastName: 'Chief' } });
    await admin.goto(`${t.url}/admin?tab=waitlist`);
    await admin.getByRole('heading', { name: 'No waitlist applications' }).waitFor();
    await admin.screenshot({ path: path.join(SHOTS, 'empty-light.png'), fullPage: true });

    const applicant = newMember({ firstName: 'Lena', lastName: 'Foto' });
    const applied = await admin.request.post(`${t.url}/api/register`, { data: { ...applicant, reason: 'I print my film photos and want to share the scans.' }, headers: { origin: t.url } });
    expect(applied.status()).toBe(202);

    // The admin reaches the page from the avatar menu.
    await admin.goto(`${t.url}/`);
    await admin.getByRole('button', { name: 'Account menu' }).click();
    await admin.getByRole('menuitem', { name: 'Waitlist Management' }).click();
    await admin.waitForURL(`${t.url}/admin?tab=waitlist`);
    await admin.getByRole('heading', { name: 'Waitlist Management' }).waitFor();
    const card = admin.getByRole('article', { name: 'Lena Foto' });
    await card.getByText('Why they want to join').waitFor();
    await card.getByText('I print my film photos and want to share the scans.').waitFor();
    await card.getByText('Pending').waitFor();
    await admin.screenshot({ path: path.join(SHOTS, 'pending-light.png'), fullPage: true });

    // Not yet: a pending account cannot sign in.
    const guest = await context('dark', 390);
    await guest.goto(`${t.url}/auth?tab=login`);
    await guest.getByLabel('Email or Username').fill(applicant.username);
    await guest.getByLabel('Password', { exact: true }).fill(applicant.password);
    await guest.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForToast(guest, 'waiting for approval');

    await card.getByRole('button', { name: /^Approve/ }).click();
    await waitForToast(admin, 'Application approved');
    await card.getByText(/^Approved on /).waitFor();
    expect(await card.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    expect(await card.getByRole('button', { name: /^Reject/ }).count()).toBe(0);
    await admin.screenshot({ path: path.join(SHOTS, 'approved-light.png'), fullPage: true });
    await admin.emulateMedia({ colorScheme: 'dark' });
    await admin.setViewportSize({ width: 390, height: 800 });
    await admin.screenshot({ path: path.join(SHOTS, 'approved-dark-390.png'), fullPage: true });

    // Now the applicant signs in, lands home, and is no admin.
    await guest.getByRole('button', { name: 'Sign In', exact: true }).click();
    await guest.waitForURL(`${t.url}/`);
    await guest.getByRole('button', { name: 'Account menu' }).click();
    await guest.getByRole('menuitem', { name: 'Settings' }).waitFor();
    expect(await guest.getByRole('menuitem', { name: 'Waitlist Management' }).count()).toBe(0);
    await guest.keyboard.press('Escape');
    await guest.goto(`${t.url}/admin`);
    await guest.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await guest.screenshot({ path: path.join(SHOTS, 'access-denied-dark-390.png'), fullPage: true });
  });

  it('the unsubscribe link of a mail works signed out, and a bad one says so', async () => {
    // In waitlist mode only admins sign up at once: the admin of the test above, signed in here.
    const member = await context();
    const login = await member.request.post(`${t.url}/api/login`, { data: { emailOrUsername: 'chief@example.com', password: 'secret123' }, headers: { origin: t.url } });
    expect(login.status()).toBe(200);
    const adminId = ((await login.json()) as { id: number }).id;
    const token = createUnsubscribeToken(await resolveAppSecret(t.config), adminId);
    const visitor = await context('dark');
    await visitor.goto(`${t.url}/unsubscribe?token=${token}`);
    await visitor.getByRole('heading', { name: "You're unsubscribed" }).waitFor();
    await visitor.screenshot({ path: path.join(SHOTS, 'unsubscribed-dark.png'), fullPage: true });
    const prefs = await member.request.get(`${t.url}/api/user/preferences`);
    expect((await prefs.json()).notificationEmails).toBe('never');

    await visitor.goto(`${t.url}/unsubscribe?token=${token.slice(0, -2)}xx`);
    await visitor.getByRole('heading', { name: 'Link not valid' }).waitFor();
    await visitor.getByText('This unsubscribe link is invalid or has expired.', { exact: false }).waitFor();
  });
});
