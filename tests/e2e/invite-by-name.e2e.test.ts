import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shooter, shotsDir, useBrowserApp, waitForToast } from '../helpers/browser';

// The owner invites members picked by name from the Collaborate dialog. Each gets a
// folder_invite notification live; until they accept they see nothing; the owner's open dialog
// follows every answer without a reload; a revoked invite cannot be accepted.

const SHOTS = shotsDir('invite-by-name');
const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });

function poll<T>(read: () => Promise<T> | T, timeout = 15_000) {
  return expect.poll(read, { timeout });
}

const shot = shooter(SHOTS);

async function member(width: number, first: string, last: string, colorScheme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page; id: number }> {
  const { page, id } = await t.member({ width, height: 860, colorScheme, as: { firstName: first, lastName: last } });
  return { context: page.context(), page, id };
}

/** Picks a member in the open Collaborate dialog by name, with a role, and sends the invite. */
async function inviteByName(dialog: ReturnType<Page['getByRole']>, page: Page, name: string, role: 'Viewer' | 'Editor') {
  await dialog.getByLabel('Search members').fill(name.split(' ')[0]);
  await dialog.getByRole('button', { name: new RegExp(name) }).click();
  await dialog.getByLabel('Collaborator role').selectOption({ label: role });
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await waitForToast(page, 'Invite sent');
}

describe('inviting a member by name', () => {
  it('B accepts from the notifications screen and the owner sees it live; C declines and sees nothing; a revoked invite cannot be accepted', async () => {
    const owner = await member(1280, 'Olga', 'Owner');
    const b = await member(390, 'Bruno', 'Bassline', 'dark');
    const c = await member(1280, 'Carla', 'Cellist');

    const created = await owner.page.request.post(`${t.url}/api/folders`, { data: { name: 'Band rehearsals', description: 'Private recordings' }, headers: { origin: t.url } });
    const folderId = ((await created.json()) as { id: number }).id;

    // B and C are on their home feeds, C also on the folder's address: nothing there for them yet.
    await b.page.goto(`${t.url}/`);
    await c.page.goto(`${t.url}/folder/${folderId}`);
    await c.page.getByText('Folder not found').waitFor();

    await owner.page.goto(`${t.url}/folder/${folderId}`);
    await owner.page.getByRole('button', { name: 'Actions', exact: true }).click();
    await owner.page.getByRole('menuitem', { name: 'Collaborate' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Collaborate' });
    await inviteByName(dialog, owner.page, 'Bruno Bassline', 'Editor');
    await dialog.getByTestId('pending-invites').getByText('Bruno Bassline').waitFor();
    await shot(owner.page, 'collaborate-pending-light');

    // B's bell shows the invite without a reload; until B accepts, the folder stays hidden.
    await b.page.getByTestId('notification-badge').waitFor({ timeout: 15_000 });
    expect((await b.page.request.get(`${t.url}/api/folders/${folderId}`)).status()).toBe(404);
    await b.page.getByRole('link', { name: /Notifications/ }).first().click();
    const item = b.page.getByTestId('notification-item').filter({ hasText: 'Olga Owner invited you to the folder "Band rehearsals"' });
    await item.waitFor();
    await shot(b.page, 'invite-item-dark-390');
    await item.getByRole('button', { name: 'Accept' }).click();
    await waitForToast(b.page, 'Folder invite accepted');
    await b.page.waitForURL(`${t.url}/folder/${folderId}`);
    await b.page.getByRole('heading', { name: 'Band rehearsals' }).waitFor();

    // The owner's dialog, open all along, lists B within 5 s and the pending invite goes.
    await poll(() => dialog.getByTestId('collaborators').getByText('Bruno Bassline').count(), 5_000).toBe(1);
    await poll(() => dialog.getByText('No pending invites').count(), 5_000).toBe(1);

    // C is invited too, and declines from the notifications screen: the folder stays hidden.
    await inviteByName(dialog, owner.page, 'Carla Cellist', 'Viewer');
    await c.page.goto(`${t.url}/notifications`);
    const cItem = c.page.getByTestId('notification-item').filter({ hasText: 'invited you to the folder "Band rehearsals"' });
    await cItem.getByRole('button', { name: 'Decline' }).click();
    await waitForToast(c.page, 'Folder invite declined');
    await cItem.getByText('Declined').waitFor();
    await poll(() => dialog.getByText('No pending invites').count(), 5_000).toBe(1);
    expect(await dialog.getByTestId('collaborators').getByText('Carla Cellist').count()).toBe(0);
    await c.page.goto(`${t.url}/folder/${folderId}`);
    await c.page.getByText('Folder not found').waitFor();
    expect((await c.page.request.get(`${t.url}/api/folders/${folderId}/files`)).status()).toBe(404);

    // Invited again, C has the item open when the owner revokes it: Accept then fails.
    await inviteByName(dialog, owner.page, 'Carla Cellist', 'Viewer');
    await c.page.goto(`${t.url}/notifications`);
    const again = c.page.getByTestId('notification-item').filter({ hasText: 'invited you to the folder "Band rehearsals"' }).filter({ has: c.page.getByRole('button', { name: 'Accept' }) });
    await again.waitFor();
    await dialog.getByTestId('pending-invites').getByRole('button', { name: 'Revoke' }).click();
    await waitForToast(owner.page, 'Invite revoked successfully');
    await again.getByRole('button', { name: 'Accept' }).click();
    await waitForToast(c.page, 'Failed to accept folder invite');
    expect((await c.page.request.get(`${t.url}/api/folders/${folderId}`)).status()).toBe(404);
    await shot(owner.page, 'collaborate-after-light');

    for (const m of [owner, b, c]) await m.context.close();
  }, 180_000);

  it('an addressed invite opened by its link is accepted by its member and lands on /folder/{id}', async () => {
    const owner = await member(1280, 'Petra', 'Owner');
    const d = await member(390, 'Dario', 'Drummer');
    const created = await owner.page.request.post(`${t.url}/api/folders`, { data: { name: 'Setlists' }, headers: { origin: t.url } });
    const folderId = ((await created.json()) as { id: number }).id;
    const invite = await owner.page.request.post(`${t.url}/api/folders/${folderId}/invites`, { data: { role: 'VIEWER', invitedUserId: d.id }, headers: { origin: t.url } });
    const token = ((await invite.json()) as { token: string }).token;

    // The link is no use to anyone else: it was addressed to Dario.
    const stranger = await member(1280, 'Sam', 'Stranger');
    await stranger.page.goto(`${t.url}/invite/${token}`);
    await stranger.page.getByRole('button', { name: 'Accept Invitation' }).click();
    await waitForToast(stranger.page, 'This invite is for another member');

    await d.page.goto(`${t.url}/invite/${token}`);
    await d.page.getByRole('button', { name: 'Accept Invitation' }).click();
    await d.page.getByText('Action Completed').waitFor();
    await d.page.waitForURL(`${t.url}/folder/${folderId}`, { timeout: 10_000 });
    await d.page.getByRole('heading', { name: 'Setlists' }).waitFor();
    for (const m of [owner, d, stranger]) await m.context.close();
  }, 120_000);
});
