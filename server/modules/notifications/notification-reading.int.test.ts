import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDto } from '../../../contract/notifications';
import { folderInvites, notifications } from '../../db/schema/index';
import { jobsSettled } from '../../../tests/helpers/wait';
import { useNotifiedCast, type Member } from '../../../tests/helpers/notified-members';
import { uploadOk } from '../../../tests/helpers/folders';

// A member's notifications page newest first; mark-read touches only the member's own;
// folder invites are answered by the notification's id (what makes notifications:
// notifications.int.test.ts).

const { t, owner, ana, bob, carol, list, rows, ok } = useNotifiedCast();

beforeAll(async () => {
  // Something to read: the owner is told of a like, two comments and a follow; Ana of a reply to
  // her comment; Bob of a follow.
  const fileId = await uploadOk(owner.client, 'Reading.gif');
  await ok(ana.client.post(`/api/files/${fileId}/like`));
  await ok(ana.client.post(`/api/files/${fileId}/comments`, { content: 'Lovely' }), 201);
  await jobsSettled(t.database);
  await ok(bob.client.post(`/api/files/${fileId}/comments`, { content: 'Agreed' }), 201);
  await ok(carol.client.post(`/api/users/${owner.id}/follow`));
  await ok(ana.client.post(`/api/users/${bob.id}/follow`));
  await jobsSettled(t.database);
}, 60_000);

describe('folder invites', () => {
  async function invite(to: Member | null) {
    const folderId = JSON.parse((await ok(owner.client.post('/api/folders', { name: `Trip ${Math.random()}` }), 201)).text).id as number;
    const res = await ok(owner.client.post(`/api/folders/${folderId}/invites`, { role: 'EDITOR', ...(to ? { invitedUserId: to.id } : {}) }), 201);
    return { folderId, inviteId: JSON.parse(res.text).id as number };
  }

  async function inviteItem(m: Member, inviteId: number): Promise<NotificationDto> {
    await jobsSettled(t.database);
    const [row] = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, m.id), eq(notifications.inviteId, inviteId)));
    const item = (await list(m, '?limit=100')).notifications.find((n) => n.id === row.id);
    return item!;
  }

  it('notifies the addressed member only; a link for anyone notifies nobody', async () => {
    await jobsSettled(t.database);
    const before = (await t.database.db.select().from(notifications)).length;
    await invite(null);
    await jobsSettled(t.database);
    expect((await t.database.db.select().from(notifications)).length).toBe(before);
    const { folderId, inviteId } = await invite(ana);
    const item = await inviteItem(ana, inviteId);
    expect(item).toMatchObject({ type: 'folder_invite', fromUserId: owner.id, inviteStatus: 'pending', isRead: false });
    expect(item.message).toMatch(/^Olga Test invited you to the folder "Trip /);
    // A private folder the member does not collaborate on yet is not pointed at.
    expect(item.folderId).toBeNull();

    // Someone else's notification id: 404, and nothing changes.
    expect((await bob.client.post(`/api/invites/${item.id}/accept`)).status).toBe(404);
    expect((await bob.client.post(`/api/invites/${item.id}/decline`)).status).toBe(404);
    expect((await t.database.db.select().from(folderInvites).where(eq(folderInvites.id, inviteId)))[0].status).toBe('pending');

    const accepted = await ok(ana.client.post(`/api/invites/${item.id}/accept`));
    expect(JSON.parse(accepted.text)).toEqual({ folderId, role: 'EDITOR' });
    const after = await inviteItem(ana, inviteId);
    expect(after).toMatchObject({ isRead: true, inviteStatus: 'accepted', folderId });
    expect((await ana.client.get(`/api/folders/${folderId}`)).status).toBe(200);
  });

  it('declines by the notification id, and a notification of another kind is not an invite', async () => {
    const { inviteId } = await invite(bob);
    const item = await inviteItem(bob, inviteId);
    const declined = await ok(bob.client.post(`/api/invites/${item.id}/decline`));
    expect(JSON.parse(declined.text)).toEqual({ message: 'Invite declined' });
    expect(await inviteItem(bob, inviteId)).toMatchObject({ isRead: true, inviteStatus: 'declined' });
    // Answered already: the item's buttons would now get the invite page's 404.
    expect((await bob.client.post(`/api/invites/${item.id}/accept`)).status).toBe(404);

    const follow = (await rows(bob)).find((r) => r.type === 'follow')!;
    expect((await bob.client.post(`/api/invites/${follow.id}/accept`)).status).toBe(404);
  });

  it('marks the item read when the invite is accepted through its link', async () => {
    const folderId = JSON.parse((await ok(owner.client.post('/api/folders', { name: 'By link' }), 201)).text).id as number;
    const res = await ok(owner.client.post(`/api/folders/${folderId}/invites`, { role: 'VIEWER', invitedUserId: carol.id }), 201);
    const { id: inviteId, token } = JSON.parse(res.text);
    await ok(carol.client.post(`/api/invites/${token}/accept`));
    expect(await inviteItem(carol, inviteId)).toMatchObject({ isRead: true, inviteStatus: 'accepted' });
  });
});

describe('reading and marking', () => {
  it('pages newest first and counts unread items', async () => {
    const all = await list(owner, '?limit=100');
    expect(all.notifications.length).toBeGreaterThan(3);
    const ids = all.notifications.map((n) => n.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    expect(all.unreadCount).toBe(all.notifications.filter((n) => !n.isRead).length);
    const second = await list(owner, '?offset=1&limit=2');
    expect(second.notifications.map((n) => n.id)).toEqual(ids.slice(1, 3));
    expect(second.unreadCount).toBe(all.unreadCount);
  });

  it("answers 404 for another member's notification and changes nothing", async () => {
    const target = (await rows(owner)).find((r) => !r.isRead)!;
    const res = await ana.client.patch(`/api/notifications/${target.id}/read`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Notification not found' });
    expect((await rows(owner)).find((r) => r.id === target.id)!.isRead).toBe(false);
    expect((await owner.client.patch('/api/notifications/2147483647/read')).status).toBe(404);
  });

  it('marks one read, then all read, for that member only', async () => {
    const target = (await rows(owner)).find((r) => !r.isRead && r.type === 'comment')!;
    await ok(owner.client.patch(`/api/notifications/${target.id}/read`));
    expect((await rows(owner)).find((r) => r.id === target.id)!.isRead).toBe(true);
    // Marking it again is fine and changes nothing.
    await ok(owner.client.patch(`/api/notifications/${target.id}/read`));

    const anaUnread = (await list(ana)).unreadCount;
    expect(anaUnread).toBeGreaterThan(0);
    const res = await ok(owner.client.put('/api/notifications/mark-all-read'));
    expect(JSON.parse(res.text)).toEqual({ unreadCount: 0 });
    expect((await rows(owner)).every((r) => r.isRead)).toBe(true);
    expect((await list(ana)).unreadCount).toBe(anaUnread);
  });

  it('needs sign-in', async () => {
    const visitor = t.client();
    expect((await visitor.get('/api/notifications')).status).toBe(401);
    expect((await visitor.put('/api/notifications/mark-all-read')).status).toBe(401);
    expect((await visitor.patch('/api/notifications/1/read')).status).toBe(401);
  });
});
