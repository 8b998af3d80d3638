import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDto, NotificationPage } from '../../../contract/notifications';
import { files, folderInvites, notifications } from '../../db/schema/index';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { jobsSettled } from '../../../tests/helpers/wait';
import { uploadOk } from '../../../tests/helpers/folders';

// Issue 12: each event notifies exactly the right member once, never the actor; grouped likes;
// mark-read touches only the member's own; folder invites answered by the notification's id.
// Notifications are made by the handlers of the writes' events (decision 017): every read below
// first waits until no event job is pending, so a row is there, or absent for good.

type Member = { client: TestClient; id: number; name: string };

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let owner: Member;
let ana: Member;
let bob: Member;
let carol: Member;

async function member(firstName: string): Promise<Member> {
  const client = t.client();
  const m = await signUp(client, { firstName, lastName: 'Test' });
  return { client, id: m.id, name: `${firstName} Test` };
}

async function list(m: Member, query = ''): Promise<NotificationPage> {
  await jobsSettled(t.database);
  const res = await m.client.get(`/api/notifications${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** Every row of one member's notifications, oldest first (what the database holds, ungrouped). */
/**
 * The events so far have been told: what follows happens later. Two events of one kind sent
 * within milliseconds may be told in either order (decision 017); these tests assert an order.
 */
const told = () => jobsSettled(t.database);

async function rows(m: Member) {
  await jobsSettled(t.database);
  return t.database.db.select().from(notifications).where(eq(notifications.userId, m.id)).orderBy(notifications.id);
}

async function rowsOfFile(m: Member, fileId: number) {
  return (await rows(m)).filter((r) => r.fileId === fileId);
}

async function ok(res: Promise<{ status: number; text: string }>, status = 200) {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r;
}

beforeAll(async () => {
  owner = await member('Olga');
  ana = await member('Ana');
  bob = await member('Bob');
  carol = await member('Carol');
}, 60_000);

describe('likes', () => {
  it('notifies the owner once per liker, never the liker, and not for liking your own file', async () => {
    const fileId = await uploadOk(owner.client, 'Sunset.gif');
    await ok(ana.client.post(`/api/files/${fileId}/like`));
    await ok(ana.client.delete(`/api/files/${fileId}/like`));
    await ok(ana.client.post(`/api/files/${fileId}/like`));
    await ok(owner.client.post(`/api/files/${fileId}/like`));

    const mine = await rowsOfFile(owner, fileId);
    expect(mine.map((r) => [r.type, r.fromUserId, r.message])).toEqual([['like', ana.id, 'Ana Test liked your file "Sunset.gif"']]);
    expect(await rowsOfFile(ana, fileId)).toEqual([]);

    const page = await list(owner);
    expect(page.notifications[0]).toMatchObject({ type: 'like', fileId, fromUserId: ana.id, isRead: false, count: 1, fromUser: { id: ana.id, firstName: 'Ana' } });
    expect(page.notifications[0].fromUser).not.toHaveProperty('email');
  });

  it('reads unread likes of one file as one item, newest actor first, and marks the group read together', async () => {
    const fileId = await uploadOk(owner.client, 'Group.gif');
    await ok(ana.client.post(`/api/files/${fileId}/like`));
    await told();
    await ok(bob.client.post(`/api/files/${fileId}/like`));
    let item = (await list(owner)).notifications.find((n) => n.fileId === fileId)!;
    expect(item).toMatchObject({ count: 2, message: 'Bob Test and Ana Test liked "Group.gif"' });

    await ok(carol.client.post(`/api/files/${fileId}/like`));
    const page = await list(owner);
    const items = page.notifications.filter((n) => n.fileId === fileId);
    expect(items).toHaveLength(1);
    item = items[0];
    expect(item).toMatchObject({ type: 'like', count: 3, fromUserId: carol.id, message: 'Carol Test and 2 others liked "Group.gif"' });

    const before = page.unreadCount;
    const marked = await ok(owner.client.patch(`/api/notifications/${item.id}/read`));
    expect(JSON.parse(marked.text)).toEqual({ unreadCount: before - 1 });
    expect((await rowsOfFile(owner, fileId)).map((r) => r.isRead)).toEqual([true, true, true]);
  });

  it('keeps other files and other kinds apart in the group', async () => {
    const a = await uploadOk(owner.client, 'A.gif');
    const b = await uploadOk(owner.client, 'B.gif');
    await ok(ana.client.post(`/api/files/${a}/like`));
    await ok(ana.client.post(`/api/files/${b}/like`));
    await told();
    await ok(bob.client.post(`/api/files/${a}/comments`, { content: 'nice' }), 201);
    const page = await list(owner);
    expect(page.notifications.filter((n) => n.fileId === a).map((n) => n.type)).toEqual(['comment', 'like']);
    expect(page.notifications.filter((n) => n.fileId === b).map((n) => n.count)).toEqual([1]);
  });
});

describe('comments and replies', () => {
  it('tells the owner of a comment and earlier commenters of a reply, never the commenter', async () => {
    const fileId = await uploadOk(owner.client, 'Talk.gif');
    await ok(ana.client.post(`/api/files/${fileId}/comments`, { content: 'first' }), 201);
    await told();
    await ok(bob.client.post(`/api/files/${fileId}/comments`, { content: 'second' }), 201);
    await told();
    await ok(owner.client.post(`/api/files/${fileId}/comments`, { content: 'thanks' }), 201);

    expect((await rowsOfFile(owner, fileId)).map((r) => [r.type, r.fromUserId])).toEqual([
      ['comment', ana.id],
      ['comment', bob.id],
    ]);
    expect((await rowsOfFile(ana, fileId)).map((r) => [r.type, r.fromUserId, r.message])).toEqual([
      ['reply', bob.id, 'Bob Test also commented on "Talk.gif"'],
      ['reply', owner.id, 'Olga Test also commented on "Talk.gif"'],
    ]);
    expect((await rowsOfFile(bob, fileId)).map((r) => [r.type, r.fromUserId])).toEqual([['reply', owner.id]]);
  });

  it('tells no earlier commenter who can no longer see the file', async () => {
    const fileId = await uploadOk(owner.client, 'Hidden.gif');
    await ok(ana.client.post(`/api/files/${fileId}/comments`, { content: 'seen while public' }), 201);
    await t.database.db.update(files).set({ isPublic: false }).where(eq(files.id, fileId));
    await ok(owner.client.post(`/api/files/${fileId}/comments`, { content: 'now private' }), 201);
    expect(await rowsOfFile(ana, fileId)).toEqual([]);
  });
});

describe('follows, saves, views', () => {
  it('notifies the followee once, however often the follow is taken back and given again', async () => {
    await ok(carol.client.post(`/api/users/${bob.id}/follow`));
    await ok(carol.client.delete(`/api/users/${bob.id}/follow`));
    await ok(carol.client.post(`/api/users/${bob.id}/follow`));
    const follows = (await rows(bob)).filter((r) => r.type === 'follow');
    expect(follows.map((r) => [r.fromUserId, r.message])).toEqual([[carol.id, 'Carol Test started following you']]);
    expect((await rows(carol)).filter((r) => r.type === 'follow')).toEqual([]);
  });

  it('tells the owner when another member saves their file, without naming a folder they cannot see', async () => {
    const fileId = await uploadOk(owner.client, 'Keep.gif');
    const privateFolder = (await ok(ana.client.post('/api/folders', { name: 'Secret stash' }), 201)).text;
    const publicFolder = (await ok(ana.client.post('/api/folders', { name: 'Open board', isPublic: true }), 201)).text;
    const privateId = JSON.parse(privateFolder).id as number;
    const publicId = JSON.parse(publicFolder).id as number;
    await ok(ana.client.post(`/api/files/${fileId}/folders`, { folderId: privateId }));
    await told();
    await ok(ana.client.post(`/api/folders/${publicId}/files`, { fileId }));
    await ok(ana.client.post(`/api/folders/${publicId}/files`, { fileId }));
    const ownFolder = JSON.parse((await ok(owner.client.post('/api/folders', { name: 'Mine' }), 201)).text).id as number;
    await ok(owner.client.post(`/api/folders/${ownFolder}/files`, { fileId }));

    const saves = (await rowsOfFile(owner, fileId)).filter((r) => r.type === 'save');
    expect(saves.map((r) => [r.fromUserId, r.folderId, r.message])).toEqual([
      [ana.id, privateId, 'Ana Test saved your file "Keep.gif" to a folder'],
      [ana.id, publicId, 'Ana Test saved your file "Keep.gif" to "Open board"'],
    ]);
    const items = (await list(owner, '?limit=100')).notifications.filter((n) => n.type === 'save' && n.fileId === fileId);
    expect(items.map((n) => n.folderId)).toEqual([publicId, null]);
    expect(JSON.stringify(items)).not.toContain('Secret stash');
  });

  it('tells the owner at view milestones (10, 100) and not on other views', async () => {
    const fileId = await uploadOk(owner.client, 'Popular.gif');
    // Views are written in batches (the view counter); each step writes the waiting ones.
    const view = async (who: Member) => {
      await ok(who.client.get(`/api/files/${fileId}`));
      await t.app.views.flush();
    };
    const milestones = async () => (await rowsOfFile(owner, fileId)).filter((r) => r.type === 'view').map((r) => [r.fromUserId, r.message]);
    await t.database.db.update(files).set({ viewCount: 8 }).where(eq(files.id, fileId));
    await view(ana); // 9
    expect(await milestones()).toEqual([]);
    await view(bob); // 10
    await view(bob); // same viewer, same hour: not counted
    await view(owner); // the owner's views never count
    await expect.poll(milestones).toEqual([[null, 'Your file "Popular.gif" reached 10 views']]);
    await t.database.db.update(files).set({ viewCount: 99 }).where(eq(files.id, fileId));
    await view(carol); // 100
    await expect.poll(milestones).toEqual([
      [null, 'Your file "Popular.gif" reached 10 views'],
      [null, 'Your file "Popular.gif" reached 100 views'],
    ]);
    // Unread milestones of one file read as one item: the newest.
    const items = (await list(owner, '?limit=100')).notifications.filter((n) => n.type === 'view' && n.fileId === fileId);
    expect(items.map((n) => [n.count, n.message])).toEqual([[2, 'Your file "Popular.gif" reached 100 views']]);
  });
});

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
