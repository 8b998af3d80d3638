import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { comments, fileLikes, follows, notifications } from '../../db/schema/index';
import type { JobName } from '../../jobs/job-catalogue';
import type { JobQueue } from '../../jobs/queue';
import type { LiveEvent } from '../../live/live-hub';
import { startTestApp, type TestApp, useTestApp } from '../../../tests/helpers/test-app';
import { signedUp, type TestClient } from '../../../tests/helpers/test-client';
import { jobsSettled } from '../../../tests/helpers/wait';
import { createSocialRepo } from '../files/social.repo';
import { createSocialWrites } from '../files/social-writes';
import { uploadOk } from '../../../tests/helpers/folders';
import { createFollowsRepo } from '../users/follows.repo';
import { createFollowWrites } from '../users/user-writes';
import { createEventWriter } from '../../events/event-writer';
import { eventsOver } from '../../../tests/helpers/notification-events';

// Decision 017: a social write commits its row and one job named after what happened, in one
// transaction, and answers; the job's handler notifies, once however often it runs.

type Member = { client: TestClient; id: number };
const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
/** Likes, comments and follows as the app writes them, with their events' jobs sent through `queue`. */
const writer = (queue: Pick<JobQueue, 'send'>) => createEventWriter({ db: t.database.db, queue, bus: { publish: async () => {} } });
const socialOver = (queue: Pick<JobQueue, 'send'>) => createSocialWrites(createSocialRepo(t.database.db), writer(queue));
const followsOver = (queue: Pick<JobQueue, 'send'>) => createFollowWrites(createFollowsRepo(t.database.db), writer(queue));
let owner: Member;
let ana: Member;

/** A member who asked for every notification by mail, so each of their rows gets its mail job. */
async function member(t0: TestApp = t, mail: 'all' | 'periodic' = 'all'): Promise<Member> {
  const { client, id } = await signedUp(t0);
  if (mail === 'all') expect((await client.put('/api/user/preferences', { notificationEmails: 'all' })).status).toBe(200);
  return { client, id };
}

type Row = Record<string, unknown>;
/** The payloads of every job of that name, in the order they were sent (any state). */
async function jobData(name: JobName, database = t.database): Promise<Row[]> {
  const res = (await database.db.execute(sql`select data from pgboss.job where name = ${name} order by created_on, id`)) as unknown as { rows: { data: unknown }[] };
  return res.rows.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Row);
}
/** jsonb keeps its own key order: payloads are compared by their sorted entries. */
const canonical = (r: Row) => JSON.stringify(Object.entries(r).sort(([a], [b]) => a.localeCompare(b)));
const has = (payload: Row) => (jobs: Row[]) => jobs.filter((j) => canonical(j) === canonical(payload)).length;

async function ok(res: Promise<{ status: number; text: string; body: any }>, status = 200) {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
}

beforeAll(async () => {
  owner = await member();
  ana = await member();
}, 60_000);

describe('a social write and its event', () => {
  it('commits each write with one job named after it, and a repeat that changes nothing with none', async () => {
    const fileId = await uploadOk(owner.client, 'Event.gif');
    await ok(ana.client.post(`/api/files/${fileId}/like`));
    await ok(ana.client.post(`/api/files/${fileId}/like`));
    expect(await t.database.db.select().from(fileLikes).where(and(eq(fileLikes.fileId, fileId), eq(fileLikes.userId, ana.id)))).toHaveLength(1);
    expect(has({ fileId, userId: ana.id })(await jobData('like.added'))).toBe(1);
    await ok(ana.client.delete(`/api/files/${fileId}/like`));
    await ok(ana.client.delete(`/api/files/${fileId}/like`));
    expect(has({ fileId, userId: ana.id })(await jobData('like.removed'))).toBe(1);

    const comment = await ok(ana.client.post(`/api/files/${fileId}/comments`, { content: 'Lovely' }), 201);
    expect(has({ commentId: comment.id })(await jobData('comment.added'))).toBe(1);

    await ok(ana.client.post(`/api/users/${owner.id}/follow`));
    await ok(ana.client.post(`/api/users/${owner.id}/follow`));
    expect(has({ followerId: ana.id, followingId: owner.id })(await jobData('follow.added'))).toBe(1);

    const folderId = (await ok(ana.client.post('/api/folders', { name: 'Keepers' }), 201)).id as number;
    await ok(ana.client.post(`/api/folders/${folderId}/files`, { fileId }));
    await ok(ana.client.post(`/api/folders/${folderId}/files`, { fileId }));
    expect(has({ fileId, folderId, userId: ana.id })(await jobData('file.saved'))).toBe(1);

    const ownFolder = (await ok(owner.client.post('/api/folders', { name: 'Trips' }), 201)).id as number;
    const addressed = await ok(owner.client.post(`/api/folders/${ownFolder}/invites`, { role: 'VIEWER', invitedUserId: ana.id }), 201);
    const forAnyone = await ok(owner.client.post(`/api/folders/${ownFolder}/invites`, { role: 'VIEWER' }), 201);
    const invited = await jobData('invite.created');
    expect(has({ inviteId: addressed.id })(invited)).toBe(1);
    expect(has({ inviteId: forAnyone.id })(invited)).toBe(0);
    await ok(ana.client.post(`/api/invites/${addressed.token}/accept`));
    expect(has({ inviteId: addressed.id, userId: ana.id })(await jobData('invite.answered'))).toBe(1);
  });

  it('leaves neither the row nor the job when either fails', async () => {
    const fileId = await uploadOk(owner.client, 'Atomic.gif');
    const refusing = { send: async () => Promise.reject(new Error('queue unavailable')) };
    await expect(socialOver(refusing).like(fileId, ana.id)).rejects.toThrow('queue unavailable');
    expect(await t.database.db.select().from(fileLikes).where(eq(fileLikes.fileId, fileId))).toEqual([]);

    // The job is written, then the transaction fails: the job goes with the row.
    const failsAfter: Pick<JobQueue, 'send'> = {
      async send(name, data, opts) {
        await t.app.jobs.send(name, data, opts);
        throw new Error('failed after the job');
      },
    };
    const before = { comments: (await jobData('comment.added')).length, follows: (await jobData('follow.added')).length };
    await expect(socialOver(failsAfter).addComment(fileId, ana.id, 'gone')).rejects.toThrow('failed after the job');
    expect(await t.database.db.select().from(comments).where(eq(comments.fileId, fileId))).toEqual([]);
    const other = await member();
    await expect(followsOver(failsAfter).follow(other.id, ana.id)).rejects.toThrow('failed after the job');
    expect(await t.database.db.select().from(follows).where(eq(follows.followerId, other.id))).toEqual([]);
    expect({ comments: (await jobData('comment.added')).length, follows: (await jobData('follow.added')).length }).toEqual(before);
  });
});

describe('a handler that runs twice', () => {
  it('makes one notification, one mail job and one live event', async () => {
    const fileId = await uploadOk(owner.client, 'Twice.gif');
    const heard: LiveEvent[] = [];
    const stop = t.app.live.subscribe(owner.id, (e) => heard.push(e));
    try {
      const events = eventsOver(t, t.database.db);
      await events.likesAdded([{ fileId, userId: ana.id }]);
      // Again, and twice in one batch (a job fetched twice, or sent twice).
      await events.likesAdded([{ fileId, userId: ana.id }, { fileId, userId: ana.id }]);
      const rows = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, owner.id), eq(notifications.fileId, fileId)));
      expect(rows.map((r) => [r.type, r.fromUserId])).toEqual([['like', ana.id]]);
      expect(has({ notificationId: rows[0].id })(await jobData('notification.created'))).toBe(1);
      expect(heard.filter((e) => e.type === 'notification')).toHaveLength(1);
      expect(heard.filter((e) => e.type === 'unread')).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('queues no mail job for a member on the daily digest (the default): the digest mails their rows', async () => {
    const digest = await member(t, 'periodic');
    const fileId = await uploadOk(digest.client, 'Digest.gif');
    await ok(ana.client.post(`/api/files/${fileId}/like`));
    await jobsSettled(t.database);
    const rows = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, digest.id), eq(notifications.fileId, fileId)));
    expect(rows.map((r) => [r.type, r.fromUserId, r.mailedAt])).toEqual([['like', ana.id, null]]);
    expect(has({ notificationId: rows[0].id })(await jobData('notification.created'))).toBe(0);
  });

  it('notifies once when the same event job is sent again', async () => {
    const fileId = await uploadOk(owner.client, 'Again.gif');
    const bob = await member();
    await ok(bob.client.post(`/api/files/${fileId}/comments`, { content: 'First!' }), 201);
    await jobsSettled(t.database);
    const comment = await ok(ana.client.post(`/api/files/${fileId}/comments`, { content: 'Second' }), 201);
    await ok(bob.client.post(`/api/users/${ana.id}/follow`));
    await jobsSettled(t.database);
    await t.app.jobs.send('comment.added', { commentId: comment.id });
    await t.app.jobs.send('follow.added', { followerId: bob.id, followingId: ana.id });
    await t.app.jobs.send('follow.added', { followerId: bob.id, followingId: ana.id });
    await jobsSettled(t.database);
    const ofFile = await t.database.db.select().from(notifications).where(eq(notifications.fileId, fileId)).orderBy(notifications.id);
    expect(ofFile.map((r) => [r.userId, r.type, r.fromUserId])).toEqual([
      [owner.id, 'comment', bob.id],
      [owner.id, 'comment', ana.id],
      [bob.id, 'reply', ana.id],
    ]);
    const followed = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, ana.id), eq(notifications.type, 'follow')));
    expect(followed.map((r) => r.fromUserId)).toEqual([bob.id]);
    const mailed = await jobData('notification.created');
    for (const row of [...ofFile, ...followed]) expect(has({ notificationId: row.id })(mailed)).toBe(1);
  });
});

describe('writes answer without their handlers', () => {
  it('answers likes, comments and invites while no process works the queue; a worker started later notifies', async () => {
    // An app process that only enqueues (WORKERS=0), over a database of its own: nothing handles the events.
    const web = await startTestApp({ AUTH_RATE_LIMIT: '1000', WORKERS: '0' });
    let worker: TestApp | null = null;
    try {
      const db = web.database.db;
      const o = await member(web);
      const m = await member(web);
      const fileId = await uploadOk(o.client, 'Queued.gif');
      await ok(m.client.post(`/api/files/${fileId}/like`));
      await ok(m.client.post(`/api/files/${fileId}/comments`, { content: 'Queued up' }), 201);
      // Accepted before its event was handled: the item is made, read, as if it had been told at once.
      const folderId = (await ok(o.client.post('/api/folders', { name: 'Early' }), 201)).id as number;
      const invite = await ok(o.client.post(`/api/folders/${folderId}/invites`, { role: 'VIEWER', invitedUserId: m.id }), 201);
      await ok(m.client.post(`/api/invites/${invite.token}/accept`));
      expect(has({ fileId, userId: m.id })(await jobData('like.added', web.database))).toBe(1);
      expect(await db.select().from(notifications)).toEqual([]);

      // A process that works the queue, started on the same database, picks the waiting events up.
      worker = await startTestApp({}, {}, { database: web.database });
      await jobsSettled(web.database);
      // A like and a comment are events of two kinds, handled side by side: in either order.
      const told = await db.select().from(notifications).where(eq(notifications.userId, o.id)).orderBy(notifications.type);
      expect(told.map((r) => [r.type, r.fromUserId, r.fileId])).toEqual([
        ['comment', m.id, fileId],
        ['like', m.id, fileId],
      ]);
      const invited = await db.select().from(notifications).where(eq(notifications.userId, m.id));
      expect(invited.map((r) => [r.type, r.inviteId, r.isRead])).toEqual([['folder_invite', invite.id, true]]);
    } finally {
      await worker?.close();
      await web.close();
    }
  }, 60_000);
});
