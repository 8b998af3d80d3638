import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../live/live-hub';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';

// The header's unread-messages badge. `GET /api/messages/unread-count` gives the
// count when a screen loads; `unread` live events with `messages` keep it current.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let ann: TestClient;
let ben: TestClient;
let annId: number;
let benId: number;

beforeAll(async () => {
  ann = t.client();
  ben = t.client();
  annId = (await signUp(ann)).id;
  benId = (await signUp(ben)).id;
});

const unread = async (client: TestClient) => {
  const res = await client.get('/api/messages/unread-count');
  expect(res.status, res.text).toBe(200);
  return res.body.unreadCount as number;
};

describe('GET /api/messages/unread-count', () => {
  it('counts messages sent to the viewer until the thread is opened, and tells their tabs live', async () => {
    expect(await unread(ann)).toBe(0);
    const heard: LiveEvent[] = [];
    const stop = t.app.live.subscribe(annId, (e) => heard.push(e));
    try {
      for (const content of ['Are you coming?', 'Bring the tripod']) expect((await ben.post('/api/messages', { recipientId: annId, content })).status).toBe(201);
      expect(heard.filter((e) => e.type === 'unread').map((e) => e.data)).toEqual([{ messages: 1 }, { messages: 2 }]);
      expect(await unread(ann)).toBe(2);
      // The sender's own messages are not unread for them.
      expect(await unread(ben)).toBe(0);
      expect((await ann.get(`/api/messages/${benId}`)).status).toBe(200);
      expect(await unread(ann)).toBe(0);
      expect(heard.at(-1)).toEqual({ type: 'unread', data: { messages: 0 } });
    } finally {
      stop();
    }
  });

  it('needs sign-in', async () => {
    expect((await t.client().get('/api/messages/unread-count')).status).toBe(401);
  });
});
