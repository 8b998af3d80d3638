import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../live/live-hub';
import { useTestApp } from '../../../tests/helpers/test-app';
import { eventually, jobsSettled } from '../../../tests/helpers/wait';
import { castActors, createFolder, testEnv, type Cast } from '../../../tests/helpers/folders';

// The Collaborate dialog invites a member picked by name. The invite is addressed to
// them (decision 009), they get a folder_invite notification, and until they accept
// they are not a collaborator. The owner hears of every answer live, for the open dialog.

const t = useTestApp(testEnv);
let cast: Cast;
let folderId: number;
let folderName: string;
let round = 0;

beforeAll(async () => {
  cast = await castActors(t);
});
beforeEach(async () => {
  round += 1;
  folderName = `Studio plans ${round}`;
  folderId = await createFolder(cast.clients.owner, { name: folderName, description: 'Not yet public' });
});

async function inviteMember(userId: number, role = 'EDITOR') {
  const res = await cast.clients.owner.post(`/api/folders/${folderId}/invites`, { role, invitedUserId: userId });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; token: string };
}

/** The member's folder-invite item for this folder, once its job has made it. */
async function inviteItem(member: 'editor' | 'other') {
  await jobsSettled(t.database);
  const res = await cast.clients[member].get('/api/notifications');
  // The item names the folder; its `folderId` stays null while the folder is private to them.
  return (res.body.notifications as Array<{ id: number; type: string; message: string; inviteStatus: string | null; isRead: boolean }>).find((n) => n.type === 'folder_invite' && n.message.includes(folderName));
}

/** Live events the owner's tabs receive while `act` runs and its jobs finish. */
async function ownerHears(act: () => Promise<void>): Promise<LiveEvent[]> {
  const heard: LiveEvent[] = [];
  const stop = t.app.live.subscribe(cast.ids.owner, (e) => heard.push(e));
  try {
    await act();
    await eventually(async () => heard.filter((e) => e.type === 'folder').length, (n) => n > 0, { timeoutMs: 10_000 });
  } finally {
    stop();
  }
  return heard;
}

const collaboratorIds = async () => ((await cast.clients.owner.get(`/api/folders/${folderId}/collaborators`)).body as Array<{ userId: number }>).map((c) => c.userId);
const pendingIds = async () => ((await cast.clients.owner.get(`/api/folders/${folderId}/invites`)).body as Array<{ id: number }>).map((i) => i.id);

describe('an invite addressed to a member', () => {
  it('is pending until they accept from their notification; then they see the private folder and the owner hears it', async () => {
    const inv = await inviteMember(cast.ids.editor);
    expect(await pendingIds()).toEqual([inv.id]);
    // Not a collaborator yet: the private folder answers 404, as for anyone.
    expect(await collaboratorIds()).not.toContain(cast.ids.editor);
    expect((await cast.clients.editor.get(`/api/folders/${folderId}`)).status).toBe(404);

    const item = await inviteItem('editor');
    expect(item).toMatchObject({ inviteStatus: 'pending', isRead: false });
    const heard = await ownerHears(async () => {
      const accepted = await cast.clients.editor.post(`/api/invites/${item!.id}/accept`);
      expect(accepted.status, accepted.text).toBe(200);
      expect(accepted.body).toEqual({ folderId, role: 'EDITOR' });
    });
    expect(heard).toContainEqual({ type: 'folder', data: { folderId } });
    expect(await collaboratorIds()).toContain(cast.ids.editor);
    expect(await pendingIds()).toEqual([]);
    expect((await cast.clients.editor.get(`/api/folders/${folderId}`)).status).toBe(200);
    expect(await inviteItem('editor')).toMatchObject({ inviteStatus: 'accepted', isRead: true });
  });

  it('declined leaves them outside, and the pending invite goes for the owner', async () => {
    const inv = await inviteMember(cast.ids.other, 'VIEWER');
    const item = await inviteItem('other');
    const heard = await ownerHears(async () => {
      expect((await cast.clients.other.post(`/api/invites/${item!.id}/decline`)).status).toBe(200);
    });
    expect(heard).toContainEqual({ type: 'folder', data: { folderId } });
    expect(await pendingIds()).not.toContain(inv.id);
    expect(await collaboratorIds()).not.toContain(cast.ids.other);
    expect((await cast.clients.other.get(`/api/folders/${folderId}`)).status).toBe(404);
    expect((await cast.clients.other.get(`/api/folders/${folderId}/files`)).status).toBe(404);
  });

  it('revoked, cannot be accepted by the notification or the link', async () => {
    const inv = await inviteMember(cast.ids.other);
    const item = await inviteItem('other');
    expect((await cast.clients.owner.delete(`/api/invites/${inv.id}`)).status).toBe(200);
    expect((await cast.clients.other.post(`/api/invites/${item!.id}/accept`)).status).toBe(404);
    expect((await cast.clients.other.post(`/api/invites/${inv.token}/accept`)).status).toBe(404);
    expect(await collaboratorIds()).not.toContain(cast.ids.other);
    expect(await inviteItem('other')).toMatchObject({ inviteStatus: 'revoked' });
  });

  it('is refused (409) twice to the same member, and to a member who already collaborates', async () => {
    await inviteMember(cast.ids.viewer);
    const again = await cast.clients.owner.post(`/api/folders/${folderId}/invites`, { role: 'VIEWER', invitedUserId: cast.ids.viewer });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This member already has a pending invite to this folder');

    expect((await cast.clients.owner.post(`/api/folders/${folderId}/collaborators`, { userId: cast.ids.editor, role: "EDITOR" })).status).toBe(201);
    const member = await cast.clients.owner.post(`/api/folders/${folderId}/invites`, { role: 'VIEWER', invitedUserId: cast.ids.editor });
    expect(member.status).toBe(409);
    expect(member.body.message).toBe('This member already collaborates on this folder');
  });

  it('a used link is no longer listed as pending', async () => {
    const link = (await cast.clients.owner.post(`/api/folders/${folderId}/invites`, { role: 'VIEWER' })).body as { id: number; token: string };
    expect(await pendingIds()).toEqual([link.id]);
    await ownerHears(async () => {
      expect((await cast.clients.viewer.post(`/api/invites/${link.token}/accept`)).status).toBe(200);
    });
    expect(await pendingIds()).toEqual([]);
  });
});

describe('admin-only folders', () => {
  it('an admin creates one and switches it between public, private and admin-only; members never see it', async () => {
    const refused = await cast.clients.owner.post('/api/folders', { name: 'Not mine to hide', isAdminOnly: true });
    expect(refused.status).toBe(403);

    const created = await cast.clients.admin.post('/api/folders', { name: 'Moderation queue', isAdminOnly: true, isPublic: true });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ isAdminOnly: true, isPublic: false });
    const id = created.body.id as number;
    expect((await cast.clients.other.get(`/api/folders/${id}`)).status).toBe(404);

    const pub = await cast.clients.admin.patch(`/api/folders/${id}`, { isPublic: true, isAdminOnly: false });
    expect(pub.body).toMatchObject({ isAdminOnly: false, isPublic: true });
    expect((await cast.clients.other.get(`/api/folders/${id}`)).status).toBe(200);

    const adminOnly = await cast.clients.admin.patch(`/api/folders/${id}`, { isPublic: false, isAdminOnly: true });
    expect(adminOnly.body).toMatchObject({ isAdminOnly: true, isPublic: false });
    expect((await cast.clients.other.get(`/api/folders/${id}`)).status).toBe(404);

    const priv = await cast.clients.admin.patch(`/api/folders/${id}`, { isPublic: false, isAdminOnly: false });
    expect(priv.body).toMatchObject({ isAdminOnly: false, isPublic: false });
  });
});
