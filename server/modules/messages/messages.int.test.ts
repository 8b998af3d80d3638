import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { controlCharsMessage } from '../../../contract/common';
import { MESSAGE_MAX, messageMessages } from '../../../contract/messages';
import type { LiveEvent } from '../../live/live-hub';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signedUp, type TestClient } from '../../../tests/helpers/test-client';

// Direct messages: who may send to whom, threads and their read marks, the
// conversation list, and the live events a send publishes.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let alice: TestClient;
let bob: TestClient;
let carol: TestClient;
let aliceId: number;
let bobId: number;
let carolId: number;

const member = (over: Record<string, string> = {}) => signedUp(t, over);

async function send(from: TestClient, recipientId: number, content: string) {
  const res = await from.post('/api/messages', { recipientId, content });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; senderId: number; recipientId: number; content: string; createdAt: string };
}

async function rowCount(): Promise<number> {
  const result = await t.database.db.execute(sql`select count(*)::int as n from messages`);
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
}

beforeAll(async () => {
  ({ client: alice, id: aliceId } = await member({ firstName: 'Alice', lastName: 'Archer' }));
  ({ client: bob, id: bobId } = await member({ firstName: 'Bob', lastName: 'Baker' }));
  ({ client: carol, id: carolId } = await member({ firstName: 'Carol', lastName: 'Cook' }));
});

describe('sending', () => {
  it('answers 201 with the message, trimmed, and stores it once', async () => {
    const before = await rowCount();
    const res = await alice.post('/api/messages', { recipientId: bobId, content: '  Hello Bob,\nsee you soon  ' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), senderId: aliceId, recipientId: bobId, content: 'Hello Bob,\nsee you soon', createdAt: expect.any(String) });
    expect(await rowCount()).toBe(before + 1);
  });

  it('refuses yourself, a missing or waitlisted recipient, blank, too long and control characters, storing nothing', async () => {
    const pending = await member();
    await t.database.db.execute(sql`update users set status = 'pending' where id = ${pending.id}`);
    const before = await rowCount();
    const cases: [unknown, string][] = [
      [{ recipientId: aliceId, content: 'me' }, messageMessages.cannotMessageSelf],
      [{ recipientId: 999_999, content: 'hello' }, messageMessages.recipientNotFound],
      [{ recipientId: pending.id, content: 'hello' }, messageMessages.recipientNotFound],
      [{ recipientId: bobId, content: ' \n\t ' }, messageMessages.empty],
      [{ recipientId: bobId, content: '' }, messageMessages.empty],
      [{ recipientId: bobId }, messageMessages.empty],
      [{ recipientId: bobId, content: 'x'.repeat(MESSAGE_MAX + 1) }, messageMessages.tooLong],
      [{ recipientId: bobId, content: 'bell\u0007' }, controlCharsMessage],
      [{ recipientId: bobId, content: 'nul\u0000' }, controlCharsMessage],
    ];
    for (const [body, message] of cases) {
      const res = await alice.post('/api/messages', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.text, JSON.stringify(body).slice(0, 80)).toContain(message);
    }
    expect(await rowCount()).toBe(before);
    // Exactly 5000 characters is fine, and padding around them does not count.
    expect((await send(alice, bobId, ` ${'y'.repeat(MESSAGE_MAX)} `)).content).toHaveLength(MESSAGE_MAX);
  });

  it('needs sign-in', async () => {
    const visitor = t.client();
    expect((await visitor.post('/api/messages', { recipientId: bobId, content: 'hi' })).status).toBe(401);
    expect((await visitor.get(`/api/messages/${bobId}`)).status).toBe(401);
    expect((await visitor.get('/api/messages/conversations')).status).toBe(401);
  });
});

describe('threads', () => {
  it('pages newest first by cursor and by offset, and opening it marks only what was sent to the viewer read', async () => {
    const a = await member();
    const b = await member();
    const sent: number[] = [];
    for (let i = 1; i <= 25; i += 1) sent.push((await send(i % 2 ? a.client : b.client, i % 2 ? b.id : a.id, `m${i}`)).id);

    const first = await a.client.get(`/api/messages/${b.id}?limit=10`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.map((m: { content: string }) => m.content)).toEqual(['m25', 'm24', 'm23', 'm22', 'm21', 'm20', 'm19', 'm18', 'm17', 'm16']);
    const next = await a.client.get(`/api/messages/${b.id}?limit=10&before=${first.body.at(-1).id}`);
    expect(next.body.map((m: { content: string }) => m.content)).toEqual(['m15', 'm14', 'm13', 'm12', 'm11', 'm10', 'm9', 'm8', 'm7', 'm6']);
    const last = await a.client.get(`/api/messages/${b.id}?limit=10&before=${next.body.at(-1).id}`);
    expect(last.body.map((m: { id: number }) => m.id)).toEqual(sent.slice(0, 5).reverse());
    expect((await a.client.get(`/api/messages/${b.id}?limit=10&offset=20`)).body.map((m: { id: number }) => m.id)).toEqual(sent.slice(0, 5).reverse());
    // The other side reads the same thread.
    expect((await b.client.get(`/api/messages/${a.id}?limit=1`)).body[0].content).toBe('m25');

    // a opened the thread: b's 12 messages to a are read; a's 13 to b were read when b opened it.
    const unread = await t.database.db.execute(
      sql`select sender_id, count(*)::int as n from messages where read_at is null and sender_id in (${a.id}, ${b.id}) group by sender_id`,
    );
    expect((unread as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('refuses a thread with yourself (400) and with an unknown member (404)', async () => {
    expect((await alice.get(`/api/messages/${aliceId}`)).status).toBe(400);
    expect((await alice.get('/api/messages/999999')).status).toBe(404);
  });

  it('a third member cannot read or mark a pair’s thread', async () => {
    const a = await member();
    const b = await member();
    await send(a.client, b.id, 'private to b');
    // Carol asking for "a's thread" gets her own (empty) thread with a, and marks nothing.
    const asCarol = await carol.get(`/api/messages/${a.id}`);
    expect(asCarol.status).toBe(200);
    expect(asCarol.body).toEqual([]);
    expect((await carol.get(`/api/messages/${b.id}`)).body).toEqual([]);
    expect(JSON.stringify((await carol.get('/api/messages/conversations')).body)).not.toContain('private to b');
    const list = await b.client.get('/api/messages/conversations');
    expect(list.body).toEqual([expect.objectContaining({ userId: a.id, lastMessage: 'private to b', unreadCount: 1 })]);
  });
});

describe('conversations', () => {
  it('lists each counterpart once with the spec fields, newest first, with unread counts', async () => {
    const me = await member();
    const ann = await member({ firstName: 'Ann', lastName: 'Ames' });
    const ben = await member({ firstName: 'Ben', lastName: 'Bell' });
    await send(ann.client, me.id, 'ann 1');
    await send(ann.client, me.id, 'ann 2');
    await send(me.client, ben.id, 'to ben');
    await send(ben.client, me.id, 'ben replies');
    await send(me.client, ann.id, 'to ann');

    const res = await me.client.get('/api/messages/conversations');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      {
        userId: ann.id,
        username: expect.any(String),
        userFirstName: 'Ann',
        userLastName: 'Ames',
        userProfileImageUrl: null,
        lastMessage: 'to ann',
        lastMessageTime: expect.any(String),
        lastMessageId: expect.any(Number),
        lastMessageSenderId: me.id,
        unreadCount: 2,
      },
      expect.objectContaining({ userId: ben.id, lastMessage: 'ben replies', lastMessageSenderId: ben.id, unreadCount: 1 }),
    ]);
    // Ann sees her side: the one reply she has not opened, none of her own.
    expect((await ann.client.get('/api/messages/conversations')).body).toEqual([expect.objectContaining({ userId: me.id, lastMessage: 'to ann', unreadCount: 1 })]);

    // Pages: one at a time by cursor.
    const page1 = await me.client.get('/api/messages/conversations?limit=1');
    expect(page1.body.map((c: { userId: number }) => c.userId)).toEqual([ann.id]);
    const page2 = await me.client.get(`/api/messages/conversations?limit=1&before=${page1.body[0].lastMessageId}`);
    expect(page2.body.map((c: { userId: number }) => c.userId)).toEqual([ben.id]);
    expect((await me.client.get(`/api/messages/conversations?limit=1&before=${page2.body[0].lastMessageId}`)).body).toEqual([]);
    expect((await me.client.get('/api/messages/conversations?offset=1')).body.map((c: { userId: number }) => c.userId)).toEqual([ben.id]);

    // Opening Ann's thread clears her count only.
    await me.client.get(`/api/messages/${ann.id}`);
    expect((await me.client.get('/api/messages/conversations')).body.map((c: { unreadCount: number }) => c.unreadCount)).toEqual([0, 1]);
  });

  it('costs the same single query for 3 and for 20 conversations', async () => {
    const { createMessagesRepo } = await import('./messages.repo');
    const queries: string[] = [];
    const { createTestDatabase } = await import('../../../tests/helpers/test-db');
    const database = await createTestDatabase({ logQuery: (q) => queries.push(q) });
    try {
      await database.db.execute(sql`insert into users (email, username, password_hash) select 'u' || g || '@example.com', 'u_' || g, 'x' from generate_series(1, 21) g`);
      const ids = await database.db.execute(sql`select id from users order by id`);
      const [me, ...others] = (ids as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
      // Three messages with each of 20 members; the last of each pair is theirs ('m3', unread).
      for (const other of others) {
        for (const g of [1, 2, 3]) {
          const [from, to] = g % 2 ? [other, me] : [me, other];
          await database.db.execute(sql`insert into messages (sender_id, recipient_id, content) values (${from}, ${to}, ${`m${g}`})`);
        }
      }
      const repo = createMessagesRepo(database.db);
      queries.length = 0;
      const few = await repo.listConversations(me, { offset: 0, limit: 3 });
      const fewQueries = queries.length;
      queries.length = 0;
      const many = await repo.listConversations(me, { offset: 0, limit: 20 });
      expect(few).toHaveLength(3);
      expect(many).toHaveLength(20);
      expect(new Set(many.map((c) => c.userId)).size).toBe(20);
      expect(many.every((c) => c.unreadCount === 2 && c.lastMessage === 'm3')).toBe(true);
      expect([fewQueries, queries.length]).toEqual([1, 1]);
    } finally {
      await database.close();
    }
  });
});

describe('live events', () => {
  it('a send publishes the message to the recipient and to the sender, and the unread count to the recipient', async () => {
    const got: Record<number, LiveEvent[]> = { [aliceId]: [], [bobId]: [], [carolId]: [] };
    const stops = [aliceId, bobId, carolId].map((id) => t.app.live.subscribe(id, (event) => got[id].push(event)));
    try {
      await bob.get(`/api/messages/${aliceId}`); // Bob starts with nothing unread from Alice.
      for (const id of [aliceId, bobId]) got[id].length = 0;
      const message = await send(alice, bobId, 'live hello');
      const unreadBefore = (await bob.get('/api/messages/conversations')).body.find((c: { userId: number }) => c.userId === aliceId).unreadCount;
      expect(unreadBefore).toBe(1);
      expect(got[bobId]).toEqual([
        { type: 'message', data: message },
        { type: 'unread', data: { messages: 1 } },
      ]);
      expect(got[aliceId]).toEqual([{ type: 'message', data: message }]);
      expect(got[carolId]).toEqual([]);

      // Bob opens the thread in one tab: his other tabs learn nothing is unread any more.
      got[bobId].length = 0;
      await bob.get(`/api/messages/${aliceId}`);
      expect(got[bobId]).toEqual([{ type: 'unread', data: { messages: 0 } }]);
    } finally {
      for (const stop of stops) stop();
    }
  });
});
