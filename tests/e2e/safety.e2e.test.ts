import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shooter, shotsDir, useBrowserApp, waitForToast } from '../helpers/browser';
import { jobsSettled } from '../helpers/wait';

// The safety kit as members and an admin use it (docs/decisions/028-safety-kit.md).

const SHOTS = shotsDir('safety');
const ADMIN = 'safety-admin@example.com';
/** A second admin: each test signs its admin up, and an e-mail signs up once. */
const MESSAGE_ADMIN = 'safety-messages-admin@example.com';
const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000', ADMIN_EMAILS: `${ADMIN},${MESSAGE_ADMIN}` });
const shot = shooter(SHOTS);

beforeAll(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
});

/** Both themes at phone and desktop widths. */
async function shootAll(page: Page, name: string) {
  for (const [scheme, width] of [['light', 1280], ['dark', 390]] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${name}-${scheme}-${width}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('safety', () => {
  it('blocks a member from their profile; the feed shows nothing of theirs and Settings lists them with Unblock', async () => {
    const me = await t.member();
    const pest = await t.member({ as: { firstName: 'Pesky', lastName: 'Poster' } });
    await t.upload(pest.page, 'chelsea-cat.jpg');
    await t.upload(me.page, 'coffee-cup.jpg');
    await me.page.goto(`${t.url}/`);
    await expect.poll(async () => me.page.locator('[data-testid="file-card"]').count(), { timeout: 15_000 }).toBe(2);

    await me.page.goto(`${t.url}/profile/${pest.id}`);
    await me.page.getByRole('button', { name: `More actions for @${pest.member.username}` }).click();
    await shot(me.page, 'profile-menu');
    await me.page.getByRole('menuitem', { name: `Block @${pest.member.username}` }).click();
    await me.page.getByRole('heading', { name: `Block @${pest.member.username}?` }).waitFor();
    await shootAll(me.page, 'block-dialog');
    await me.page.getByRole('button', { name: 'Block', exact: true }).click();
    await waitForToast(me.page, `Blocked @${pest.member.username}`);
    await me.page.waitForURL(`${t.url}/`);
    await expect.poll(async () => me.page.locator('[data-testid="file-card"]').count(), { timeout: 15_000 }).toBe(1);
    await shootAll(me.page, 'feed-after-block');

    await me.page.goto(`${t.url}/settings#privacy`);
    const row = me.page.locator('[data-testid="blocked-member"]');
    await row.getByText(`@${pest.member.username}`).waitFor();
    await row.scrollIntoViewIfNeeded();
    await shootAll(me.page, 'settings-blocked');
    await row.getByRole('button', { name: 'Unblock' }).click();
    await waitForToast(me.page, `Unblocked @${pest.member.username}`);
    await me.page.getByText("You haven't blocked anyone.").waitFor();
  });

  it('a member reports a file; the admin removes it from the Reports tab and it is gone for everyone', async () => {
    const reporter = await t.member();
    const owner = await t.member();
    const admin = await t.member({ as: { email: ADMIN } });
    const fileId = await t.upload(owner.page, 'grass.jpg');

    await reporter.page.goto(`${t.url}/file/${fileId}`);
    await reporter.page.getByRole('button', { name: 'More actions for this file' }).click();
    await reporter.page.getByRole('menuitem', { name: 'Report file' }).click();
    await reporter.page.getByRole('radio', { name: /Copyright/ }).click();
    await reporter.page.getByLabel('Note').fill('This is my photo, posted without permission.');
    await shootAll(reporter.page, 'report-dialog');
    await reporter.page.getByRole('button', { name: 'Report', exact: true }).click();
    await waitForToast(reporter.page, 'Reported');

    await admin.page.goto(`${t.url}/admin?tab=reports`);
    const group = admin.page.locator('[data-testid="report-group"]').filter({ hasText: 'grass.jpg' });
    await group.getByText('This is my photo, posted without permission.').waitFor();
    await group.getByText('copyright').waitFor();
    await shootAll(admin.page, 'admin-reports');
    await group.getByLabel('Reason for the action').fill('Takedown request upheld');
    await group.getByRole('button', { name: 'Remove' }).click();
    await waitForToast(admin.page, 'Resolved 1 report');
    await admin.page.getByRole('heading', { name: 'No open reports' }).waitFor();
    await admin.page.getByRole('tab', { name: 'Audit' }).click();
    await admin.page.locator('[data-testid="audit-entry"]').filter({ hasText: 'report.remove' }).getByText('Takedown request upheld').waitFor();
    await shootAll(admin.page, 'admin-audit');

    for (const page of [reporter.page, owner.page]) {
      const res = await page.request.get(`${t.url}/api/files/${fileId}`);
      expect(res.status()).toBe(404);
    }
    await reporter.page.goto(`${t.url}/file/${fileId}`);
    await reporter.page.getByText(/not found/i).first().waitFor();
  });

  it('reports one message from a thread by keyboard; the admin\'s Reports tab shows its text', async () => {
    const me = await t.member();
    const pest = await t.member();
    const admin = await t.member({ as: { email: MESSAGE_ADMIN } });
    const send = async (from: Page, recipientId: number, content: string) => {
      const res = await from.request.post(`${t.url}/api/messages`, { data: { recipientId, content }, headers: { Origin: t.url } });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    await send(me.page, pest.id, 'Please stop writing to me.');
    const nasty = await send(pest.page, me.id, 'You will regret ignoring me.');

    await me.page.goto(`${t.url}/notifications?user=${pest.id}`);
    const messages = me.page.getByRole('list', { name: 'Messages' });
    await messages.getByText('You will regret ignoring me.').waitFor();
    // Only the other member's messages can be reported.
    expect(await messages.locator('li[data-own="true"]').getByRole('button', { name: /^Report message/ }).count()).toBe(0);
    const report = messages.locator('li[data-own="false"]').getByRole('button', { name: /^Report message/ });
    await report.focus();
    await me.page.keyboard.press('Enter');
    await me.page.getByRole('heading', { name: 'Report message' }).waitFor();
    await me.page.getByRole('radio', { name: /Harassment/ }).click();
    await me.page.getByLabel('Note').fill('Threats after I asked them to stop.');
    // One width: at a phone's the panel lays the thread out again, which closes an open dialog.
    await shot(me.page, 'report-message');
    await me.page.getByRole('button', { name: 'Report', exact: true }).click();
    await waitForToast(me.page, 'Reported');

    const queue = (await (await admin.page.request.get(`${t.url}/api/admin/reports`)).json()) as { targetType: string; targetId: number; content: { text: string | null } }[];
    expect(queue.find((g) => g.targetType === 'message' && g.targetId === nasty)?.content.text).toBe('You will regret ignoring me.');
    await admin.page.goto(`${t.url}/admin?tab=reports`);
    const group = admin.page.locator('[data-testid="report-group"]').filter({ hasText: 'You will regret ignoring me.' });
    await group.getByText('Threats after I asked them to stop.').waitFor();
    await group.getByText('harassment').waitFor();
    await shot(admin.page, 'admin-reports-message');
    // Dismissed, so the queue is empty again for the other tests, whatever their order.
    await group.getByRole('button', { name: 'Dismiss' }).click();
    await waitForToast(admin.page, 'Resolved 1 report');
  });

  it('mutes a member from a file card\'s menu without opening the file; the card leaves the feed', async () => {
    const me = await t.member();
    const loud = await t.member();
    const fileId = await t.upload(loud.page, 'grass.jpg');
    await me.page.goto(t.url);
    const card = me.page.locator(`[data-testid="file-card"][data-file-id="${fileId}"]`);
    await card.hover();
    await card.getByRole('button', { name: 'More actions for grass.jpg' }).click();
    await me.page.getByRole('menuitem', { name: 'Report file' }).waitFor();
    await me.page.getByRole('menuitem', { name: `Mute @${loud.member.username}` }).click();
    await expect.poll(() => card.count()).toBe(0);
    expect(new URL(me.page.url()).pathname).toBe('/');
  });

  it('deletes your own comment', async () => {
    const me = await t.member();
    const fileId = await t.upload(me.page, 'coffee-cup.jpg');
    await me.page.goto(`${t.url}/file/${fileId}`);
    await me.page.getByRole('tab', { name: /^Comments/ }).click();
    await me.page.getByLabel('Add a comment').fill('Oops, wrong photo');
    await me.page.getByRole('button', { name: 'Post Comment' }).click();
    const comment = me.page.locator('[data-testid="comment"]').filter({ hasText: 'Oops, wrong photo' });
    await comment.waitFor();
    await shot(me.page, 'comment-before-delete');
    await comment.getByRole('button', { name: 'Delete comment' }).click();
    await waitForToast(me.page, 'Comment deleted');
    await comment.waitFor({ state: 'detached' });
    await me.page.getByRole('heading', { name: 'Comments (0)' }).waitFor();
  });

  it('deletes the account from Settings; signing in again fails', async () => {
    const me = await t.member();
    await t.upload(me.page, 'chelsea-cat.jpg');
    await me.page.goto(`${t.url}/settings#security`);
    await me.page.getByRole('button', { name: 'Delete my account' }).click();
    await me.page.getByLabel(`Type ${me.member.username} to confirm`).fill(me.member.username);
    await shootAll(me.page, 'delete-account');
    await me.page.getByRole('button', { name: 'Delete account', exact: true }).click();
    await me.page.waitForURL(`${t.url}/`);
    await jobsSettled(t.database, ['account.delete']);

    await me.page.goto(`${t.url}/auth?tab=login`);
    await me.page.getByLabel('Email or Username').fill(me.member.username);
    await me.page.getByLabel('Password', { exact: true }).fill(me.member.password);
    await me.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForToast(me.page, 'Invalid');
    await shot(me.page, 'sign-in-after-delete');
    expect((await me.page.request.get(`${t.url}/api/user`)).status()).toBe(401);
  });
});
