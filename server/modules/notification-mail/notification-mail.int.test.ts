import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unsubscribeMessages } from '../../../contract/unsubscribe';
import { openDatabase } from '../../db/client';
import { notificationDigests, notifications, users } from '../../db/schema/index';
import { resolveAppSecret } from '../../lib/app-secret';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp } from '../../../tests/helpers/test-client';
import { eventually } from '../../../tests/helpers/wait';
import { createNotificationMailRepo } from './notification-mail.repo';
import { createNotificationMailService } from './notification-mail.service';
import { createUnsubscribeToken, UNSUBSCRIBE_TTL_MS } from './unsubscribe-token';
import { silentLog } from '../../../tests/helpers/silent-log';

/** How long and how often this file reads for a job's result. */
const SETTLE = { timeoutMs: 15_000, intervalMs: 100 };

// Two app processes in turn over ONE database and data folder: the second is "the app after a restart".
const t = useTestApp({ AUTH_RATE_LIMIT: '1000' }, {}, { jobs: { pollingIntervalSeconds: 0.5 } });
let secret: Buffer;

beforeAll(async () => {
  secret = await resolveAppSecret(t.config);
});

type Row = Record<string, unknown>;
async function rows(q: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.database.db.execute(q)) as unknown as { rows: Row[] }).rows;
}
/** Every mail enqueued to `email`, whether or not a worker sent it yet: the claim and its job commit together. */
async function mailJobs(email: string) {
  const found = await rows(sql`SELECT data FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = ${email} ORDER BY created_on`);
  return found.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as { subject: string; text: string; headers?: Record<string, string> });
}
async function outboxTo(email: string) {
  const dir = path.join(t.dataDir, 'outbox');
  const names = (await fs.readdir(dir).catch(() => [])).sort();
  const all = await Promise.all(names.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8'))));
  return all.filter((m) => m.to === email);
}
/** Waits until every job of that name has finished (completed or failed). */
async function jobsSettled(app: FastifyInstance, name: 'notification.created' | 'notification-digest.due') {
  const jobs = await eventually(() => app.jobs.findJobs(name), (js) => js.every((j) => j.state === 'completed' || j.state === 'failed'), SETTLE);
  expect(jobs.every((j) => j.state === 'completed')).toBe(true);
}

let actor: { id: number };
beforeAll(async () => {
  actor = await signUp(t.client());
});

async function member(mode?: 'all' | 'periodic' | 'never') {
  const c = t.client();
  const m = await signUp(c);
  if (mode) expect((await c.put('/api/user/preferences', { notificationEmails: mode })).status).toBe(200);
  return { ...m, c };
}
async function notify(userId: number, message: string, extra: Partial<typeof notifications.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(notifications).values({ userId, type: 'like', fromUserId: actor.id, message, ...extra }).returning();
  return row;
}
function service(db = t.database.db, batchSize?: number) {
  return createNotificationMailService({ db, repo: createNotificationMailRepo(db), queue: t.app.jobs, config: t.config, secret, log: silentLog, batchSize });
}

describe('notification mail in `all` mode', () => {
  it('mails each notification once, even when its job runs twice, with a working unsubscribe link', async () => {
    const a = await member('all');
    const n = await notify(a.id, 'Ana liked your file "Sunset"');
    // The job delivered twice (a retry after a lost acknowledgement looks the same).
    await t.app.jobs.send('notification.created', { notificationId: n.id });
    await t.app.jobs.send('notification.created', { notificationId: n.id });
    await jobsSettled(t.app, 'notification.created');
    expect(await service().mailNotification(n.id)).toBe(false);
    const jobs = await mailJobs(a.email);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].subject).toBe('Ana liked your file "Sunset"');
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, n.id));
    expect(row.mailedAt).not.toBeNull();

    const [mail] = await eventually(() => outboxTo(a.email), (m) => m.length > 0, SETTLE);
    expect(mail.text).toContain('Ana liked your file "Sunset"');
    expect(mail.text).toContain(`${t.url}/notifications`);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(mail.headers['List-Unsubscribe'])![1];
    const page = new RegExp(`${t.url}/unsubscribe\\?token=([^\\s]+)`).exec(mail.text)!;
    expect(page).not.toBeNull();

    // Signed out: the page's call, as the /unsubscribe screen makes it.
    const visitor = t.client();
    const res = await visitor.post(`/api/unsubscribe?token=${page[1]}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: unsubscribeMessages.done });
    expect((await a.c.get('/api/user/preferences')).body.notificationEmails).toBe('never');
    // A mail program's one-click button posts the form RFC 8058 defines to the header's address.
    const click = await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(click.status).toBe(200);

    // Unsubscribed: the next notification is not mailed.
    const later = await notify(a.id, 'Ana commented on "Sunset"');
    await t.app.jobs.send('notification.created', { notificationId: later.id });
    await jobsSettled(t.app, 'notification.created');
    expect(await mailJobs(a.email)).toHaveLength(1);
  });
});

describe('`never`', () => {
  it('sends nothing, one by one or by digest', async () => {
    const c = await member('never');
    const n = await notify(c.id, 'Bo followed you');
    await t.app.jobs.send('notification.created', { notificationId: n.id });
    await jobsSettled(t.app, 'notification.created');
    await service().runDigestPass();
    expect(await mailJobs(c.email)).toHaveLength(0);
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, n.id));
    expect(row.mailedAt).toBeNull();
  });
});

describe('unsubscribe links', () => {
  it('refuses a forged, altered, expired or foreign token and changes nothing', async () => {
    const b = await member('all');
    const good = createUnsubscribeToken(secret, b.id);
    const [id, exp, sig] = good.split('.');
    const other = createUnsubscribeToken(secret, actor.id).split('.')[2];
    const bad = [
      `${actor.id}.${exp}.${sig}`, // someone else's id under b's signature
      `${id}.${Number(exp) + 1}.${sig}`, // a longer life
      `${id}.${exp}.${other}`,
      createUnsubscribeToken(Buffer.alloc(32, 7), b.id), // another server's secret
      createUnsubscribeToken(secret, b.id, Date.now() - UNSUBSCRIBE_TTL_MS - 1000), // expired
      'not-a-token',
      `99999999999.${exp}.${sig}`,
    ];
    for (const token of bad) {
      const res = await t.client().post(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(res.status, token).toBe(400);
      expect(res.body.message).toBe(unsubscribeMessages.invalid);
    }
    expect((await b.c.get('/api/user/preferences')).body.notificationEmails).toBe('all');
    // A GET changes nothing (link scanners open addresses).
    expect((await t.client().get(`/api/unsubscribe?token=${good}`)).status).toBe(404);
    expect((await b.c.get('/api/user/preferences')).body.notificationEmails).toBe('all');
  });
});

describe('the `periodic` digest', () => {
  it('goes out at most once a day, across a restart of the app, and lists only what is unread', async () => {
    const p = await member(); // periodic is the default
    await notify(p.id, 'Cy liked your file "Moon"');
    await notify(p.id, 'Cy commented on "Moon"');
    const read = await notify(p.id, 'Cy followed you', { isRead: true });

    await t.app.jobs.send('notification-digest.due', {});
    await jobsSettled(t.app, 'notification-digest.due');
    const first = await mailJobs(p.email);
    expect(first).toHaveLength(1);
    expect(first[0].subject).toBe('You have 2 unread notifications on Kaleido');
    expect(first[0].text).toContain('• Cy commented on "Moon"\n• Cy liked your file "Moon"');
    expect(first[0].text).not.toContain('Cy followed you');
    expect(first[0].headers?.['List-Unsubscribe']).toMatch(/\/api\/unsubscribe\?token=/);
    const [readRow] = await t.database.db.select().from(notifications).where(eq(notifications.id, read.id));
    expect(readRow.mailedAt).toBeNull();

    // Something new the same day, then the app restarts (same database and data folder).
    await notify(p.id, 'Cy liked your file "Sun"');
    await t.restart();
    await t.app.jobs.send('notification-digest.due', {});
    await jobsSettled(t.app, 'notification-digest.due');
    expect(await mailJobs(p.email)).toHaveLength(1);
    const digests = await t.database.db.select().from(notificationDigests).where(eq(notificationDigests.userId, p.id));
    expect(digests).toEqual([expect.objectContaining({ notificationCount: 2 })]);
    // The first digest's unsubscribe link still works after the restart (the signing secret persisted).
    const token = /\/unsubscribe\?token=(\S+)/.exec(first[0].text)![1];
    expect((await t.client().post(`/api/unsubscribe?token=${token}`)).status).toBe(200);
    const again = t.client();
    again.cookies = p.c.cookies;
    expect((await again.get('/api/user/preferences')).body.notificationEmails).toBe('never');
    expect((await again.put('/api/user/preferences', { notificationEmails: 'periodic' })).status).toBe(200);

    // The next day the new one goes out, alone.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await service().runDigestPass(tomorrow);
    const all = await mailJobs(p.email);
    expect(all).toHaveLength(2);
    expect(all[1].subject).toBe('You have 1 unread notification on Kaleido');
    expect(all[1].text).toContain('• Cy liked your file "Sun"');
  });

  it('sends one digest when two passes race, from two connections', async () => {
    const racers = [await member(), await member(), await member()];
    for (const r of racers) await notify(r.id, 'Di saved your file to "Trips"');
    // PostgreSQL: a second pool, as a second process would have. PGlite has one connection.
    const second = t.database.kind === 'postgres' ? await openDatabase({ url: t.database.url! }) : t.database;
    try {
      // Batches of one: each pass walks the members in several steps while the other claims them.
      await Promise.all([service(t.database.db, 1).runDigestPass(), service(second.db, 1).runDigestPass(), service(t.database.db, 2).runDigestPass()]);
    } finally {
      if (second !== t.database) await second.close();
    }
    for (const r of racers) {
      expect(await mailJobs(r.email)).toHaveLength(1);
      expect(await t.database.db.select().from(notificationDigests).where(eq(notificationDigests.userId, r.id))).toHaveLength(1);
    }
  });

  it('skips members who are not active and those whose notifications were all read', async () => {
    const gone = await member();
    await notify(gone.id, 'Ed liked your file "Hat"');
    await t.database.db.update(users).set({ status: 'rejected' }).where(eq(users.id, gone.id));
    const reader = await member();
    await notify(reader.id, 'Ed liked your file "Cap"', { isRead: true });
    await service().runDigestPass();
    expect(await mailJobs(gone.email)).toHaveLength(0);
    expect(await mailJobs(reader.email)).toHaveLength(0);
    const claimed = await t.database.db
      .select()
      .from(notificationDigests)
      .where(and(eq(notificationDigests.userId, reader.id)));
    expect(claimed).toHaveLength(0);
  });
});
