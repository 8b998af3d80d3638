import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MENTIONS_NOTIFIED_MAX, postMessages } from '../../../contract/post-text';
import { notifications, users } from '../../db/schema/index';
import { notifiedMembers } from '../../../tests/helpers/notified-members';
import { useTestApp } from '../../../tests/helpers/test-app';
import { uploadOk } from '../../../tests/helpers/folders';
import { jobsSettled } from '../../../tests/helpers/wait';

// @mentions in comments and descriptions (docs/decisions/032): the mentioned member is told, once,
// only when they may see the file; a storm tells at most MENTIONS_NOTIFIED_MAX and says so.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
const n = notifiedMembers(t);
const usernameOf = async (id: number) => (await t.database.db.select({ u: users.username }).from(users).where(eq(users.id, id)))[0].u;

describe('@mentions', () => {
  it('in a comment tell the mentioned member instead of a comment item; someone who cannot see the file is told nothing', async () => {
    const { owner, ana, bob, carol } = await n.cast();
    const open = await uploadOk(owner.client, 'open.gif');
    const closed = await uploadOk(owner.client, 'closed.gif', { isPublic: 'false' });
    const [olga, bobName, carolName] = await Promise.all([usernameOf(owner.id), usernameOf(bob.id), usernameOf(carol.id)]);

    const res = await ana.client.post(`/api/files/${open}/comments`, { content: `@${bobName} look at this, and @${olga.toUpperCase()} too! @nobody_here` });
    expect(res.status, res.text).toBe(201);
    expect(res.body.notice).toBeUndefined();
    expect((await n.rows(bob)).map((r) => [r.type, r.fileId, r.fromUserId])).toEqual([['mention', open, ana.id]]);
    expect((await n.rows(owner)).map((r) => r.type)).toEqual(['mention']);
    expect((await n.rows(bob))[0].message).toContain('mentioned you on');

    // The owner mentions Carol on a private file she cannot see: nothing reaches her.
    await owner.client.post(`/api/files/${closed}/comments`, { content: `@${carolName} what do you think?` });
    expect(await n.rows(carol)).toEqual([]);
  });

  it("in a description tell each mentioned member once, however often it is edited", async () => {
    const owner = await n.member('Desc');
    const dan = await n.member('Dan');
    const danName = await usernameOf(dan.id);
    const id = await uploadOk(owner.client, 'described.gif', { description: `Shot with @${danName} at the #harbour` });
    expect((await n.rows(dan)).map((r) => [r.type, r.fileId])).toEqual([['mention', id]]);
    expect((await owner.client.patch(`/api/files/${id}`, { description: `With @${danName} again` })).status).toBe(200);
    expect((await n.rows(dan)).length).toBe(1);
    // A mention added by an edit tells the newly mentioned member.
    const eve = await n.member('Eve');
    await owner.client.patch(`/api/files/${id}`, { description: `With @${danName} and @${await usernameOf(eve.id)}` });
    expect((await n.rows(eve)).map((r) => r.type)).toEqual(['mention']);
  });

  it(`a storm of 50 mentions tells at most ${MENTIONS_NOTIFIED_MAX} members and says so`, async () => {
    const author = await n.member('Storm');
    const owner = await n.member('Quiet');
    const id = await uploadOk(owner.client, 'storm.gif');
    const rows = await t.database.db
      .insert(users)
      .values(Array.from({ length: 50 }, (_, i) => ({ email: `storm${i}@example.com`, username: `storm_${i}`, passwordHash: 'x', firstName: 'S', lastName: `${i}` })))
      .returning({ id: users.id });
    const content = rows.map((_, i) => `@storm_${i}`).join(' ');
    const res = await author.client.post(`/api/files/${id}/comments`, { content });
    expect(res.status, res.text).toBe(201);
    expect(res.body.notice).toBe(postMessages.mentionsCapped(MENTIONS_NOTIFIED_MAX));
    await jobsSettled(t.database);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.type, 'mention'));
    const stormIds = new Set(rows.map((r) => r.id));
    expect(told.filter((r) => stormIds.has(r.userId)).length).toBe(MENTIONS_NOTIFIED_MAX);
  });
});
