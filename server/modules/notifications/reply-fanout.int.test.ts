import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { comments, files, folderCollaborators, folderFiles, folders, notifications, users } from '../../db/schema/index';
import type { LiveEvent } from '../../live/live-hub';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { uploadOk } from '../../../tests/helpers/folders';
import { eventsOver } from '../../../tests/helpers/notification-events';
import { REPLY_FANOUT_MAX } from './notification-events';

// A comment on a busy file: the newest 50 earlier commenters who may still see it get a reply
// notification, in a number of queries that does not grow with them (decision 017).

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let counted: Database;
const queries: string[] = [];
let ownerId: number;
let authorId: number;
let owner: TestClient;

/** A second handle on the test database whose queries are counted (PGlite: the same instance). */
async function countingHandle(database: Database): Promise<Database> {
  const logger = { logQuery: (q: string) => queries.push(q) };
  if (database.kind === 'pglite') return { ...(await openDatabase({ url: null, pglite: database.pglite, logger })), close: async () => undefined };
  return openDatabase({ url: database.url!, logger });
}

/** `n` members who commented on the file, oldest first; answers their ids in that order. */
async function commenters(fileId: number, n: number, tag: string): Promise<number[]> {
  const rows = await t.database.db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ email: `${tag}${i}@example.com`, username: `${tag}_${i}`, passwordHash: 'x', firstName: 'C', lastName: `${i}`, preferences: { notificationEmails: 'all' } })))
    .returning({ id: users.id });
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  for (const userId of ids) await t.database.db.insert(comments).values({ fileId, userId, content: `from ${userId}` });
  return ids;
}

/** The author's new comment, written without its event: the test runs the handler itself. */
async function newComment(fileId: number): Promise<number> {
  const [row] = await t.database.db.insert(comments).values({ fileId, userId: authorId, content: 'Late to the party' }).returning();
  return row.id;
}

async function replies(fileId: number) {
  return t.database.db.select().from(notifications).where(and(eq(notifications.fileId, fileId), eq(notifications.type, 'reply')));
}

/** Runs the comment's handler over the counting handle; answers how many queries it made. */
async function fanOut(commentId: number): Promise<number> {
  queries.length = 0;
  await eventsOver(t, counted.db).commentAdded({ commentId });
  return queries.length;
}

beforeAll(async () => {
  owner = t.client();
  ownerId = (await signUp(owner)).id;
  // Everyone here asked for every notification by mail, so each row gets its mail job.
  expect((await owner.put('/api/user/preferences', { notificationEmails: 'all' })).status).toBe(200);
  authorId = (await signUp(t.client())).id;
  counted = await countingHandle(t.database);
}, 60_000);
afterAll(async () => {
  await counted?.close();
});

describe('reply fan-out', () => {
  it(`notifies the ${REPLY_FANOUT_MAX} newest of 60 earlier commenters, once each, with a mail job and a live event each, in as many queries as for 3`, async () => {
    const busy = await uploadOk(owner, 'Busy.gif');
    const quiet = await uploadOk(owner, 'Quiet.gif');
    const many = await commenters(busy, 60, 'busy');
    const few = await commenters(quiet, 3, 'quiet');
    const heard: { userId: number; event: LiveEvent }[] = [];
    const stops = [...many, ownerId].map((userId) => t.app.live.subscribe(userId, (event) => heard.push({ userId, event })));
    try {
      const busyComment = await newComment(busy);
      const busyQueries = await fanOut(busyComment);
      const notified = heard.filter((h) => h.event.type === 'notification');
      const quietQueries = await fanOut(await newComment(quiet));
      expect(busyQueries).toBe(quietQueries);
      // The comment, its file, the commenters, who sees it, the blocks and mutes between them,
      // the transaction (rows, who wants each mail, their mail and push jobs), the badges.
      expect(busyQueries).toBeLessThanOrEqual(12);

      const told = await replies(busy);
      expect(told.map((r) => r.userId).sort((a, b) => a - b)).toEqual(many.slice(-REPLY_FANOUT_MAX));
      expect(told.every((r) => r.fromUserId === authorId && r.dedupeKey === `reply:${busyComment}`)).toBe(true);
      expect((await replies(quiet)).map((r) => r.userId).sort((a, b) => a - b)).toEqual(few);
      const ownerRows = await t.database.db.select().from(notifications).where(and(eq(notifications.fileId, busy), eq(notifications.userId, ownerId)));
      expect(ownerRows.map((r) => r.type)).toEqual(['comment']);

      // Each row has its mail job; each recipient's tabs heard one notification.
      const ids = [...told, ...ownerRows].map((r) => String(r.id));
      const mailJobs = (await t.database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'notification.created' and data->>'notificationId' in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
      )) as unknown as { rows: { n: number }[] };
      expect(Number(mailJobs.rows[0].n)).toBe(REPLY_FANOUT_MAX + 1);
      expect(notified.map((h) => h.userId).sort((a, b) => a - b)).toEqual([...many.slice(-REPLY_FANOUT_MAX), ownerId].sort((a, b) => a - b));

      // Run again: nothing new, nothing heard.
      const before = heard.length;
      await fanOut(busyComment);
      expect(await replies(busy)).toHaveLength(REPLY_FANOUT_MAX);
      expect(heard.length).toBe(before);
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('skips earlier commenters who can no longer see the file: made private, collaborator removed, admin-only folder', async () => {
    const fileId = await uploadOk(owner, 'Shared.gif');
    const ids = await commenters(fileId, 8, 'shared');
    // Made private after they commented; the owner's folder shares it with ids[4..7] (and the author).
    await t.database.db.update(files).set({ isPublic: false }).where(eq(files.id, fileId));
    const [folder] = await t.database.db.insert(folders).values({ userId: ownerId, name: 'Crew' }).returning();
    await t.database.db.insert(folderFiles).values({ folderId: folder.id, fileId, addedBy: ownerId });
    await t.database.db.insert(folderCollaborators).values([authorId, ...ids.slice(4)].map((userId) => ({ folderId: folder.id, userId, role: 'VIEWER' as const })));
    // Removed from the folder: no longer sees it.
    await t.database.db.delete(folderCollaborators).where(and(eq(folderCollaborators.folderId, folder.id), eq(folderCollaborators.userId, ids[7])));
    // A second, admin-only folder of the owner holding it: only its admin collaborator sees it through there.
    const [adminOnly] = await t.database.db.insert(folders).values({ userId: ownerId, name: 'Staff', isAdminOnly: true }).returning();
    await t.database.db.insert(folderFiles).values({ folderId: adminOnly.id, fileId, addedBy: ownerId });
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, ids[0]));
    await t.database.db.insert(folderCollaborators).values([ids[0], ids[1]].map((userId) => ({ folderId: adminOnly.id, userId, role: 'VIEWER' as const })));

    await fanOut(await newComment(fileId));
    const told = (await replies(fileId)).map((r) => r.userId).sort((a, b) => a - b);
    expect(told).toEqual([ids[0], ids[4], ids[5], ids[6]]);
    expect(await t.database.db.select().from(notifications).where(and(eq(notifications.fileId, fileId), inArray(notifications.userId, [ids[1], ids[2], ids[3], ids[7]])))).toEqual([]);
  });
});
