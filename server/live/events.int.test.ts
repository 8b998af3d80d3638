import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from '../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../tests/helpers/test-client';
import { uploadOk } from '../../tests/helpers/folders';
import { openLiveStream } from '../../tests/helpers/live-stream';

// GET /api/events against a listening app: a like reaches every open tab of the owner within a
// second, signed-out visitors get 401, and closing the app is not held up by open streams.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let owner: TestClient;
let ana: TestClient;

const open = (client: TestClient, url = t.url) => openLiveStream(client, url);

beforeAll(async () => {
  owner = t.client();
  ana = t.client();
  await signUp(owner, { firstName: 'Olga', lastName: 'Owner' });
  await signUp(ana, { firstName: 'Ana', lastName: 'Liker' });
}, 60_000);

describe('GET /api/events', () => {
  it('answers 401 to a visitor', async () => {
    const res = await fetch(`${t.url}/api/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('starts with both unread counts, so a message that arrived before the tab connected shows at once', async () => {
    const sent = await ana.post('/api/messages', { recipientId: (await owner.get('/api/user')).body.id, content: 'Before you looked' });
    expect(sent.status).toBe(201);
    const tab = await open(owner);
    const first = await tab.waitFor((e) => e.event === 'unread');
    expect(first.data).toEqual({ notifications: expect.any(Number), messages: 1 });
    tab.close();
  });

  it("delivers a like to every one of the owner's open streams within a second, and nothing to the liker", async () => {
    const fileId = await uploadOk(owner, 'Sunset.gif');
    const tabs = [await open(owner), await open(owner)];
    const likerTab = await open(ana);
    expect(tabs[0].status).toBe(200);
    expect(tabs[0].headers.get('content-type')).toMatch(/^text\/event-stream/);
    // The first frame carries the badge, so a reconnecting tab is right at once.
    await tabs[0].waitFor((e) => e.event === 'unread');

    const started = Date.now();
    const like = await ana.post(`/api/files/${fileId}/like`);
    expect(like.status).toBe(200);
    for (const tab of tabs) {
      const event = await tab.waitFor((e) => e.event === 'notification', 1000);
      expect(event.data).toMatchObject({ type: 'like', fileId, message: 'Ana Liker liked your file "Sunset.gif"', isRead: false });
      await tab.waitFor((e) => e.event === 'unread' && e.data.notifications === 1, 1000);
    }
    expect(Date.now() - started).toBeLessThan(1000 + 500);
    expect(likerTab.events.filter((e) => e.event === 'notification')).toEqual([]);

    // Marking read in one tab updates the badge of the others.
    const id = (tabs[0].events.find((e) => e.event === 'notification')!.data as { id: number }).id;
    expect((await owner.patch(`/api/notifications/${id}/read`)).status).toBe(200);
    await tabs[1].waitFor((e) => e.event === 'unread' && e.data.notifications === 0);
    for (const tab of [...tabs, likerTab]) tab.close();
    // Unsubscribed on close: the hub forgets the streams.
    const until = Date.now() + 2000;
    while (t.app.live.size() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(t.app.live.size()).toBe(0);
  });

  it('ends a stream when its session ends, and keeps the member\'s other sessions streaming', async () => {
    const first = t.client();
    const member = await signUp(first, { firstName: 'Lea', lastName: 'Leaving' });
    const second = t.client();
    expect((await second.post('/api/login', { emailOrUsername: member.username, password: member.password })).status).toBe(200);
    const leaving = await open(first);
    const staying = await open(second);
    await leaving.waitFor((e) => e.event === 'unread');
    await staying.waitFor((e) => e.event === 'unread');

    expect((await first.get('/api/logout')).status).toBe(302);
    const until = Date.now() + 1000;
    while (!leaving.ended && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(leaving.ended).toBe(true);
    expect(staying.ended).toBe(false);
    staying.close();
  });

  it('sends heartbeat comments inside a short idle timeout, so the stream outlives it', async () => {
    const short = await startTestApp({ REQUEST_TIMEOUT_SECONDS: '3', HEADERS_TIMEOUT_SECONDS: '2' });
    try {
      const member = short.client();
      await signUp(member);
      const stream = await open(member, short.url);
      await new Promise((r) => setTimeout(r, 4500));
      expect(stream.comments.filter((c) => c === 'ping').length).toBeGreaterThanOrEqual(2);
      // Still open: a new event still arrives after the idle timeout has passed.
      short.app.live.publish((await member.get('/api/user')).body.id, { type: 'unread', data: { notifications: 7 } });
      await stream.waitFor((e) => e.event === 'unread' && e.data.notifications === 7);
      stream.close();
    } finally {
      await short.close();
    }
  }, 60_000);

  it('does not hold up closing the app', async () => {
    const other = await startTestApp();
    const member = other.client();
    await signUp(member);
    const stream = await open(member, other.url);
    expect(stream.status).toBe(200);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5000);
    stream.close();
  }, 60_000);
});
