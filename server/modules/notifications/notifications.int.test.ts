import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index';
import { useNotifiedCast, type Member } from '../../../tests/helpers/notified-members';
import { uploadOk } from '../../../tests/helpers/folders';

// Each event notifies exactly the right member once, never the actor; grouped likes.
// Notifications are made by the handlers of the writes' events (decision 017): every read below
// first waits until no event job is pending, so a row is there, or absent for good. Reading,
// marking and answering invites: notification-reading.int.test.ts.

const { t, owner, ana, bob, carol, list, told, rows, rowsOfFile, ok } = useNotifiedCast();

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
