import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/helpers/test-app';
import { signedUp } from '../../tests/helpers/test-client';
import { photo, upload, uploadOk } from '../../tests/helpers/upload';

const ADMIN = 'stats-admin@example.com';
const t = useTestApp({ ADMIN_EMAILS: ADMIN });

const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe('GET /api/admin/stats', () => {
  it('answers 401 signed out and 403 to a member', async () => {
    expect((await t.client().get('/api/admin/stats')).status).toBe(401);
    const { client } = await signedUp(t);
    expect((await client.get('/api/admin/stats')).status).toBe(403);
  });

  it('counts what was seeded: members, uploads per day, storage by member, the waitlist, live streams', async () => {
    const admin = await signedUp(t, { email: ADMIN });
    const alice = await signedUp(t, { username: 'alice_stats' });
    const bob = await signedUp(t, { username: 'bob_stats' });
    const old = await signedUp(t);
    const db = t.database.db;
    // A member who joined a month ago and has not been seen since.
    await db.execute(sql`update users set created_at = now() - interval '30 days' where id = ${old.id}`);
    await db.execute(sql`delete from sessions where user_id = ${old.id}`);

    const cat = await photo('chelsea-cat.jpg');
    const cup = await photo('coffee-cup.jpg');
    const a1 = await uploadOk(alice.client, cat, 'cat.jpg');
    await uploadOk(alice.client, cup, 'cup.jpg');
    await uploadOk(bob.client, cup, 'cup.jpg');
    // A refused upload stores nothing and counts nowhere.
    expect((await upload(bob.client, Buffer.from('plain words'), 'a.bin')).status).toBe(415);
    // One of Alice's uploads three days ago: the chart puts it there.
    await db.execute(sql`update files set created_at = now() - interval '3 days' where id = ${a1.id}`);
    await db.execute(sql`insert into waitlist_applications (user_id, first_name, last_name, email, reason) values (${old.id}, 'Old', 'Timer', 'old@example.com', 'Curious')`);

    // Two open reports on Alice's cat; a resolved one does not count.
    for (const reporter of [bob, old]) await db.execute(sql`insert into reports (reporter_id, target_type, target_id, reason) values (${reporter.id}, 'file', ${a1.id}, 'spam')`);
    await db.execute(sql`insert into reports (reporter_id, target_type, target_id, reason, status) values (${admin.id}, 'file', ${a1.id}, 'other', 'resolved')`);

    const abort = new AbortController();
    const stream = await fetch(`${t.url}/api/events`, { headers: { cookie: bob.client.cookieHeader }, signal: abort.signal });
    expect(stream.status).toBe(200);
    const res = await admin.client.get('/api/admin/stats');
    abort.abort();
    expect(res.status).toBe(200);
    const stats = res.body;

    // The first test's member, the admin, Alice, Bob and the old member.
    expect(stats.members).toEqual({ total: 5, newThisWeek: 4, activeThisWeek: 4 });
    expect(stats.uploadsPerDay).toHaveLength(30);
    expect(stats.uploadsPerDay.at(-1)).toEqual({ day: utcDay(0), uploads: 2 });
    expect(stats.uploadsPerDay.find((d: { day: string }) => d.day === utcDay(3))).toEqual({ day: utcDay(3), uploads: 1 });
    expect(stats.uploadsPerDay.reduce((n: number, d: { uploads: number }) => n + d.uploads, 0)).toBe(3);
    expect(stats.uploadsPerDay[0].day).toBe(utcDay(29));

    expect(stats.storage.originalBytes).toBe(cat.length + 2 * cup.length);
    expect(stats.storage.derivedBytes).toBeGreaterThan(0);
    expect(stats.storage.biggestMembers).toEqual([
      { id: alice.id, username: 'alice_stats', bytes: cat.length + cup.length, files: 2 },
      { id: bob.id, username: 'bob_stats', bytes: cup.length, files: 1 },
    ]);
    expect(stats.waitlistPending).toBe(1);
    expect(stats.openReports).toBe(2);
    expect(stats.jobs).toMatchObject({ failedToday: 0 });
    expect(stats.jobs.waiting).toBeGreaterThanOrEqual(0);
    expect(stats.liveStreams).toBe(1);
  });
});
