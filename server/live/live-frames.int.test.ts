import { beforeAll, describe, expect, it } from 'vitest';
import { liveEventNames, liveEventSchemas, type LiveEventName } from '../../contract/live';
import { createFolder, uploadOk } from '../../tests/helpers/folders';
import { openLiveStream, type LiveStream } from '../../tests/helpers/live-stream';
import { useTestApp } from '../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../tests/helpers/test-client';
import { jobsSettled } from '../../tests/helpers/wait';

// Every frame of the live stream carries the payload contract/live.ts names for its event: the
// client's useLiveEvent hands it to the features typed from that table, unchecked.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let owner: TestClient;
let ana: TestClient;
let anaId: number;
let ownerId: number;
let tab: LiveStream;

beforeAll(async () => {
  owner = t.client();
  ana = t.client();
  ownerId = (await signUp(owner, { firstName: 'Olga', lastName: 'Owner' })).id;
  anaId = (await signUp(ana, { firstName: 'Ana', lastName: 'Answer' })).id;
  tab = await openLiveStream(owner, t.url);
  expect(tab.status).toBe(200);

  // One of each event on the owner's stream: a like, a message, an answered folder invite.
  const fileId = await uploadOk(owner, 'Sunset.gif');
  expect((await ana.post(`/api/files/${fileId}/like`)).status).toBe(200);
  expect((await ana.post('/api/messages', { recipientId: ownerId, content: 'Nice sunset' })).status).toBe(201);
  const folderId = await createFolder(owner, { name: 'Shared sunsets', description: 'For Ana' });
  expect((await owner.post(`/api/folders/${folderId}/invites`, { role: 'VIEWER', invitedUserId: anaId })).status).toBe(201);
  await jobsSettled(t.database);
  const items = (await ana.get('/api/notifications')).body.notifications as { id: number; type: string }[];
  const invite = items.find((n) => n.type === 'folder_invite');
  expect((await ana.post(`/api/invites/${invite!.id}/accept`)).status).toBe(200);
  await tab.waitFor((e) => e.event === 'folder', 10_000);
  await tab.waitFor((e) => e.event === 'message', 10_000);
  await tab.waitFor((e) => e.event === 'notification', 10_000);
  tab.close();
}, 60_000);

describe('the frames of GET /api/events', () => {
  it('name only events of the contract, and the test saw each of them', () => {
    expect(tab.events.map((e) => e.event).filter((name) => !(liveEventNames as readonly string[]).includes(name))).toEqual([]);
    expect(new Set(tab.events.map((e) => e.event))).toEqual(new Set(liveEventNames));
  });

  it.each(liveEventNames.map((name) => [name]))('carry a %s payload that is its contract schema, no field more or less', (name: LiveEventName) => {
    const frames = tab.events.filter((e) => e.event === name);
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames) {
      const parsed = liveEventSchemas[name].safeParse(frame.data);
      expect(parsed.error?.issues ?? []).toEqual([]);
      // zod drops fields its schema does not declare: one sent but undeclared shows here.
      expect(parsed.data).toEqual(frame.data);
    }
  });
});
