import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shooter, shotsDir, useBrowserApp, waitForToast } from '../helpers/browser';

// Notifications (decision 012): two members in two browser contexts; one likes the other's
// file and the owner sees the bell's badge and the item appear without reloading.

const SHOTS = shotsDir('notifications');

const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });

const uploadPhoto = (page: Page, name: string) => t.upload(page, 'chelsea-cat.jpg', { name });

const shot = shooter(SHOTS, { settleMs: 400 });

describe('notifications journey', () => {
  it('shows a like live to the owner, then a folder invite accepted from its item', async () => {
    let { page: owner } = await t.member({ as: { firstName: 'Olga', lastName: 'Owner' } });
    const { page: liker, id: likerId } = await t.member({ width: 420, colorScheme: 'dark', as: { firstName: 'Ana', lastName: 'Liker' } });
    const [ownerContext, likerContext] = [owner.context(), liker.context()];
    const fileId = await uploadPhoto(owner, 'Sunset');

    await owner.goto(`${t.url}/notifications`);
    await owner.getByText("You're all caught up!").waitFor();
    await expect(owner.getByTestId('notification-badge').count()).resolves.toBe(0);
    await shot(owner, 'empty');

    // A second tab of the owner: it hears the first tab's stream instead of opening its own.
    const ownerFeed = await ownerContext.newPage();
    await ownerFeed.goto(`${t.url}/search`);
    await liker.goto(`${t.url}/file/${fileId}`);
    await expect.poll(() => t.app.live.size(), { timeout: 15_000 }).toBe(2);

    await liker.getByRole('button', { name: /^Like/ }).first().click();

    // No reload: the stream brings the badge and the item.
    const item = owner.getByTestId('notification-item').filter({ hasText: 'Ana Liker liked your file "Sunset"' });
    await item.waitFor({ timeout: 15_000 });
    await expect(owner.getByTestId('notification-badge').innerText()).resolves.toBe('1');
    await expect(item.getByTestId('unread-dot').count()).resolves.toBe(1);
    await ownerFeed.getByTestId('notification-badge').filter({ hasText: '1' }).waitFor({ timeout: 15_000 });
    expect(t.app.live.size()).toBe(2);
    await shot(owner, 'like-arrived');

    // The leading tab closes: the other one takes the stream over and still hears the owner's news.
    await owner.close();
    await expect.poll(() => t.app.live.size(), { timeout: 15_000 }).toBe(2);
    await liker.request.post(`${t.url}/api/files/${fileId}/comments`, { data: { content: 'Warm colours' }, headers: { origin: t.url } });
    await ownerFeed.getByTestId('notification-badge').filter({ hasText: '2' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => t.app.live.size(), { timeout: 15_000 }).toBe(2);
    owner = ownerFeed;
    await owner.goto(`${t.url}/notifications`);

    // Following: a follow item that goes to the sender's profile.
    const follow = await liker.request.post(`${t.url}/api/users/${(await owner.request.get(`${t.url}/api/user`).then((r) => r.json())).id}/follow`, { headers: { origin: t.url } });
    expect(follow.status()).toBe(200);
    const followItem = owner.getByTestId('notification-item').filter({ hasText: 'Ana Liker started following you' });
    await followItem.waitFor({ timeout: 15_000 });
    await owner.getByTestId('notification-badge').filter({ hasText: '3' }).waitFor({ timeout: 15_000 });

    // The badge of the panel turns into 'Mark as read' on hover.
    const badge = owner.getByRole('button', { name: /3 unread, mark as read/ });
    await badge.hover();
    await owner.getByText('Mark as read').waitFor();
    await badge.click();
    await waitForToast(owner, 'All notifications marked as read');
    await expect(owner.getByTestId('notification-badge').count()).resolves.toBe(0);
    await expect(owner.getByTestId('unread-dot').count()).resolves.toBe(0);

    await followItem.getByRole('button').click();
    await owner.waitForURL(`${t.url}/profile/${likerId}`);

    // A folder invite addressed to the liker, answered from its item on a phone-sized screen.
    const folder = await owner.request.post(`${t.url}/api/folders`, { data: { name: 'Trips' }, headers: { origin: t.url } });
    const folderId = ((await folder.json()) as { id: number }).id;
    const invite = await owner.request.post(`${t.url}/api/folders/${folderId}/invites`, { data: { role: 'EDITOR', invitedUserId: likerId }, headers: { origin: t.url } });
    expect(invite.status()).toBe(201);
    await liker.goto(`${t.url}/notifications`);
    const inviteItem = liker.getByTestId('notification-item').filter({ hasText: 'Olga Owner invited you to the folder "Trips"' });
    await inviteItem.waitFor();
    await shot(liker, 'invite-phone-dark');
    await inviteItem.getByRole('button', { name: 'Accept' }).click();
    await waitForToast(liker, 'Folder invite accepted');
    // Accepting opens the folder, as the invite page does.
    await liker.waitForURL(`${t.url}/folder/${folderId}`);
    await liker.getByRole('heading', { name: 'Trips' }).waitFor();
    expect((await liker.request.get(`${t.url}/api/folders/${folderId}`)).status()).toBe(200);
    await liker.goto(`${t.url}/notifications`);
    await inviteItem.getByText('Accepted').waitFor();

    // The member who hides the counter sees no badge, though the item is still unread.
    await owner.request.put(`${t.url}/api/user/preferences`, { data: { hideNotificationCounter: true }, headers: { origin: t.url } });
    await owner.goto(`${t.url}/notifications`);
    await liker.request.post(`${t.url}/api/files/${fileId}/comments`, { data: { content: 'Lovely light' }, headers: { origin: t.url } });
    await expect.poll(() => owner.getByTestId('notification-item').filter({ hasText: 'Ana Liker commented on your file "Sunset"' }).count(), { timeout: 15_000 }).toBe(2);
    await expect(owner.getByTestId('notification-badge').count()).resolves.toBe(0);
    await shot(owner, 'comment-counter-hidden');

    await ownerContext.close();
    await likerContext.close();
  }, 120_000);
});
