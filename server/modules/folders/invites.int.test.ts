import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { folderCollaborators, folderInvites } from '../../db/schema/index';
import { hashToken } from '../../lib/tokens';
import { useTestApp } from '../../../tests/helpers/test-app';
import { castActors, createFolder, testEnv, type Cast } from '../../../tests/helpers/folders';

// Invite links (decision 009): random tokens stored hashed, default 7 days,
// single use, addressed ones only by their addressee; expired, revoked and declined ones
// cannot be accepted; removing a collaborator ends access on the next request.

const t = useTestApp(testEnv);
let cast: Cast;
let folderId: number;

beforeAll(async () => {
  cast = await castActors(t);
});
beforeEach(async () => {
  folderId = await createFolder(cast.clients.owner, { name: 'Invite target', description: 'Secret plans' });
});

async function invite(body: Record<string, unknown> = { role: 'EDITOR' }) {
  const res = await cast.clients.owner.post(`/api/folders/${folderId}/invites`, body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; token: string; expiresAt: string; status: string };
}

/** This test's folder's collaborator rows of one member. */
async function collaboratorRows(userId: number) {
  return t.database.db.select().from(folderCollaborators).where(and(eq(folderCollaborators.folderId, folderId), eq(folderCollaborators.userId, userId)));
}

describe('creating and reading', () => {
  it('gives a random token once, stores only its hash, expires in 7 days by default', async () => {
    const inv = await invite();
    expect(inv.token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits of base64url
    const [row] = await t.database.db.select().from(folderInvites).where(eq(folderInvites.id, inv.id));
    expect(row.tokenHash).toBe(hashToken(inv.token));
    expect(JSON.stringify(row)).not.toContain(inv.token);
    const days = (new Date(inv.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const listed = await cast.clients.owner.get(`/api/folders/${folderId}/invites`);
    expect(listed.body.map((i: { id: number }) => i.id)).toEqual([inv.id]);
    expect(listed.body[0].token).toBeUndefined();
  });

  it('shows a pending invite to anyone holding the link, signed out too', async () => {
    const inv = await invite({ role: 'VIEWER', expiresInDays: 2 });
    const res = await cast.clients.visitor.get(`/api/invites/${inv.token}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'VIEWER', status: 'pending', folder: { id: folderId, name: 'Invite target', description: 'Secret plans' }, invitedUser: null });
    expect(res.body.token).toBeUndefined();
    expect((await cast.clients.visitor.get('/api/invites/not-a-real-token')).status).toBe(404);
  });

  it('asks a visitor to sign in before accepting or declining', async () => {
    const inv = await invite();
    expect((await cast.clients.visitor.post(`/api/invites/${inv.token}/accept`)).status).toBe(401);
    expect((await cast.clients.visitor.post(`/api/invites/${inv.token}/decline`)).status).toBe(401);
  });
});

describe('accepting', () => {
  it('adds the member with the role once; accepting twice does not duplicate; a used link serves nobody else', async () => {
    const inv = await invite({ role: 'EDITOR' });
    const first = await cast.clients.other.post(`/api/invites/${inv.token}/accept`);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ folderId, role: 'EDITOR' });
    const again = await cast.clients.other.post(`/api/invites/${inv.token}/accept`);
    expect(again.status).toBe(200);
    expect(await collaboratorRows(cast.ids.other)).toHaveLength(1);
    expect((await cast.clients.other.get(`/api/folders/${folderId}/role`)).body).toMatchObject({ role: 'EDITOR', canEdit: true, canManage: false });
    const stranger = await cast.clients.admin.post(`/api/invites/${inv.token}/accept`);
    expect(stranger.status).toBe(404);
    expect((await cast.clients.admin.get(`/api/folders/${folderId}`)).status).toBe(404);
    expect((await cast.clients.owner.get(`/api/folders/${folderId}/invites`)).body).toEqual([]);
    expect((await cast.clients.visitor.get(`/api/invites/${inv.token}`)).status).toBe(404);
  });

  it('lets two members racing for one link leave one collaborator', async () => {
    const inv = await invite({ role: 'VIEWER' });
    const [a, b] = await Promise.all([cast.clients.editor.post(`/api/invites/${inv.token}/accept`), cast.clients.viewer.post(`/api/invites/${inv.token}/accept`)]);
    expect([a.status, b.status].sort()).toEqual([200, 404]);
    const [{ n }] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(folderCollaborators).where(eq(folderCollaborators.folderId, folderId));
    expect(n).toBe(1);
  });

  it('accepts an addressed invite only from its addressee', async () => {
    const inv = await invite({ role: 'VIEWER', invitedUserId: cast.ids.viewer });
    const wrong = await cast.clients.other.post(`/api/invites/${inv.token}/accept`);
    expect(wrong.status).toBe(403);
    expect((await cast.clients.other.post(`/api/invites/${inv.token}/decline`)).status).toBe(403);
    expect(await collaboratorRows(cast.ids.other)).toHaveLength(0);
    const right = await cast.clients.viewer.post(`/api/invites/${inv.token}/accept`);
    expect(right.status).toBe(200);
    expect(right.body.role).toBe('VIEWER');
  });

  it('refuses an expired invite (410) and shows it as expired', async () => {
    const inv = await invite({ role: 'EDITOR', expiresInDays: 1 });
    await t.database.db.update(folderInvites).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(folderInvites.id, inv.id));
    expect((await cast.clients.visitor.get(`/api/invites/${inv.token}`)).body.status).toBe('expired');
    const res = await cast.clients.other.post(`/api/invites/${inv.token}/accept`);
    expect(res.status).toBe(410);
    expect(res.body.message).toBe('This invite has expired');
    expect(await collaboratorRows(cast.ids.other)).toHaveLength(0);
    expect((await cast.clients.owner.get(`/api/folders/${folderId}/invites`)).body).toEqual([]);
  });

  it('refuses a revoked invite', async () => {
    const inv = await invite();
    expect((await cast.clients.owner.delete(`/api/invites/${inv.id}`)).status).toBe(200);
    expect((await cast.clients.other.post(`/api/invites/${inv.token}/accept`)).status).toBe(404);
    expect((await cast.clients.visitor.get(`/api/invites/${inv.token}`)).status).toBe(404);
    expect(await collaboratorRows(cast.ids.other)).toHaveLength(0);
  });

  it('refuses a declined invite', async () => {
    const inv = await invite();
    expect((await cast.clients.other.post(`/api/invites/${inv.token}/decline`)).status).toBe(200);
    expect((await cast.clients.other.post(`/api/invites/${inv.token}/accept`)).status).toBe(404);
    expect((await cast.clients.editor.post(`/api/invites/${inv.token}/accept`)).status).toBe(404);
    expect(await collaboratorRows(cast.ids.other)).toHaveLength(0);
  });

  it("does not use up the link when the owner opens their own invite", async () => {
    const inv = await invite();
    expect((await cast.clients.owner.post(`/api/invites/${inv.token}/accept`)).body).toEqual({ folderId, role: 'OWNER' });
    expect((await cast.clients.other.post(`/api/invites/${inv.token}/accept`)).status).toBe(200);
  });

  it('does not use up an editor link that a viewer of the folder opens and cannot use', async () => {
    expect((await cast.clients.owner.post(`/api/folders/${folderId}/collaborators`, { userId: cast.ids.viewer, role: 'VIEWER' })).status).toBe(201);
    const inv = await invite({ role: 'EDITOR' });
    // Already a collaborator: the link changes nothing for them, so it stays for the one it was meant for.
    expect((await cast.clients.viewer.post(`/api/invites/${inv.token}/accept`)).body).toEqual({ folderId, role: 'VIEWER' });
    expect((await t.database.db.select().from(folderInvites).where(eq(folderInvites.id, inv.id)))[0].status).toBe('pending');
    expect((await cast.clients.other.post(`/api/invites/${inv.token}/accept`)).body).toEqual({ folderId, role: 'EDITOR' });
  });
});

describe('collaborators', () => {
  it('lists the OWNER row first, which can be neither changed nor removed', async () => {
    const owner = cast.clients.owner;
    await owner.post(`/api/folders/${folderId}/collaborators`, { userId: cast.ids.editor, role: 'EDITOR' });
    const list = await owner.get(`/api/folders/${folderId}/collaborators`);
    expect(list.body.map((c: { userId: number; role: string }) => [c.userId, c.role])).toEqual([
      [cast.ids.owner, 'OWNER'],
      [cast.ids.editor, 'EDITOR'],
    ]);
    expect((await owner.patch(`/api/folders/${folderId}/collaborators/${cast.ids.owner}`, { role: 'VIEWER' })).status).toBe(403);
    expect((await owner.delete(`/api/folders/${folderId}/collaborators/${cast.ids.owner}`)).status).toBe(403);
    expect((await owner.post(`/api/folders/${folderId}/collaborators`, { userId: cast.ids.owner, role: 'EDITOR' })).status).toBe(403);
    expect((await owner.post(`/api/folders/${folderId}/collaborators`, { userId: cast.ids.editor, role: 'OWNER' })).status).toBe(400);
    expect((await owner.post(`/api/folders/${folderId}/collaborators`, { userId: 999_999, role: 'EDITOR' })).status).toBe(404);
  });

  it('changes a role, and removing a collaborator ends their access on the next request', async () => {
    const owner = cast.clients.owner;
    await owner.post(`/api/folders/${folderId}/collaborators`, { userId: cast.ids.other, role: 'EDITOR' });
    const changed = await owner.patch(`/api/folders/${folderId}/collaborators/${cast.ids.other}`, { role: 'VIEWER' });
    expect(changed.body.role).toBe('VIEWER');
    expect((await cast.clients.other.get(`/api/folders/${folderId}/role`)).body).toMatchObject({ role: 'VIEWER', canEdit: false });
    expect((await owner.delete(`/api/folders/${folderId}/collaborators/${cast.ids.other}`)).status).toBe(200);
    expect((await cast.clients.other.get(`/api/folders/${folderId}`)).status).toBe(404);
    expect((await cast.clients.other.get('/api/folders')).body.map((f: { id: number }) => f.id)).not.toContain(folderId);
  });

  it('lets a collaborator leave on their own', async () => {
    await cast.clients.owner.post(`/api/folders/${folderId}/collaborators`, { userId: cast.ids.viewer, role: 'VIEWER' });
    expect((await cast.clients.viewer.delete(`/api/folders/${folderId}/collaborators/${cast.ids.viewer}`)).status).toBe(200);
    expect((await cast.clients.viewer.get(`/api/folders/${folderId}`)).status).toBe(404);
  });
});
