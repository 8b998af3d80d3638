import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, folderFiles } from '../../db/schema/index';
import { useTestApp } from '../../../tests/helpers/test-app';
import { castActors, createFolder, testEnv, uploadOk, type Actor, type Cast } from '../../../tests/helpers/folders';

// What folders show to whom (decision 009): a private folder's name, description,
// files and count never reach an outsider; a file keeps its own visibility inside a public
// folder; an admin-only folder shows to admins and its owner; deleting a folder keeps files.

const t = useTestApp(testEnv);
let cast: Cast;
const SECRET = 'Zebra-secret-folder';
const SECRET_DESCRIPTION = 'Quokka plans nobody else reads';
let secretId: number;
let publicId: number;
let publicFileId: number;
let privateFileId: number;

beforeAll(async () => {
  cast = await castActors(t);
  const owner = cast.clients.owner;
  secretId = await createFolder(owner, { name: SECRET, description: SECRET_DESCRIPTION });
  publicId = await createFolder(owner, { name: 'Open album', isPublic: true });
  for (const id of [secretId, publicId]) {
    await owner.post(`/api/folders/${id}/collaborators`, { userId: cast.ids.editor, role: 'EDITOR' });
    await owner.post(`/api/folders/${id}/collaborators`, { userId: cast.ids.viewer, role: 'VIEWER' });
  }
  publicFileId = await uploadOk(owner, 'public-in-both.gif', { folderId: String(secretId) });
  expect((await owner.post(`/api/folders/${publicId}/files`, { fileId: publicFileId })).status).toBe(200);
  privateFileId = await uploadOk(owner, 'private-in-public.gif', { folderId: String(publicId), isPublic: 'false' });
});

const outsiders: Actor[] = ['other', 'visitor', 'admin'];
const insiders: Actor[] = ['owner', 'editor', 'viewer'];

describe('a private folder', () => {
  it('leaves no name, description or count in any answer to an outsider', async () => {
    for (const a of outsiders) {
      const c = cast.clients[a];
      const answers = [
        await c.get(`/api/users/${cast.ids.owner}/folders`),
        await c.get(`/api/users/${cast.ids.owner}/folders/count`),
        await c.get(`/api/files/${publicFileId}/folders`),
        await c.get(`/api/folders/${secretId}`),
        await c.get(`/api/folders/${secretId}/preview`),
        await c.get(`/api/folders/${secretId}/files`),
        await c.get(`/api/folders/${secretId}/role`),
      ];
      if (a !== 'visitor') answers.push(await c.get('/api/folders'));
      for (const res of answers) {
        expect(res.text, a).not.toContain(SECRET);
        expect(res.text, a).not.toContain(SECRET_DESCRIPTION);
      }
      // Profiles are for members: a visitor learns nothing of who exists (decision 021).
      if (a === 'visitor') for (const res of answers.slice(0, 2)) expect(res.status, a).toBe(401);
      else expect(answers[1].body, a).toEqual({ count: 1 });
      expect(answers[2].body.map((f: { id: number }) => f.id), a).toEqual([publicId]);
      for (const res of answers.slice(3, 7)) expect(res.status, a).toBe(404);
    }
  });

  it('shows to its owner and collaborators, each marked with their role', async () => {
    const roles: Record<string, string> = { owner: 'OWNER', editor: 'EDITOR', viewer: 'VIEWER' };
    for (const a of insiders) {
      const c = cast.clients[a];
      const mine = await c.get('/api/folders');
      const secret = mine.body.find((f: { id: number }) => f.id === secretId);
      expect(secret, a).toMatchObject({ name: SECRET, role: roles[a], fileCount: 1, canEdit: a !== 'viewer', canManage: a === 'owner' });
      expect((await c.get(`/api/users/${cast.ids.owner}/folders/count`)).body, a).toEqual({ count: 2 });
      expect((await c.get(`/api/files/${publicFileId}/folders`)).body.map((f: { id: number }) => f.id).sort(), a).toEqual([secretId, publicId].sort());
    }
  });
});

describe('a private file in a public folder', () => {
  it("is seen by the folder's members only, in lists, counts, previews and by id", async () => {
    for (const a of [...insiders, ...outsiders]) {
      const c = cast.clients[a];
      const sees = insiders.includes(a);
      const listed = (await c.get(`/api/folders/${publicId}/files`)).body.map((f: { id: number }) => f.id);
      expect(listed.includes(privateFileId), a).toBe(sees);
      expect(listed.includes(publicFileId), a).toBe(true);
      expect((await c.get(`/api/folders/${publicId}`)).body.fileCount, a).toBe(sees ? 2 : 1);
      const preview = (await c.get(`/api/folders/${publicId}/preview`)).body.previewImages.map((p: { id: number }) => p.id);
      expect(preview.includes(privateFileId), a).toBe(sees);
      expect((await c.get(`/api/files/${privateFileId}`)).status, a).toBe(sees ? 200 : 404);
    }
  });

  it('stops showing through a folder when its owner did not put it there and has made it private', async () => {
    const otherFile = await uploadOk(cast.clients.other, 'others-photo.gif');
    expect((await cast.clients.owner.post(`/api/folders/${publicId}/files`, { fileId: otherFile })).status).toBe(200);
    await t.database.db.update(files).set({ isPublic: false }).where(eq(files.id, otherFile));
    expect((await cast.clients.owner.get(`/api/files/${otherFile}`)).status).toBe(404);
    expect((await cast.clients.other.get(`/api/files/${otherFile}`)).status).toBe(200);
  });
});

describe('an admin-only folder', () => {
  it('shows to admins and its owner only; only admins may set it', async () => {
    expect((await cast.clients.owner.patch(`/api/folders/${publicId}`, { isAdminOnly: true })).status).toBe(403);
    const adminFolder = await createFolder(cast.clients.admin, { name: 'Moderation queue', isPublic: true });
    await cast.clients.admin.post(`/api/folders/${adminFolder}/collaborators`, { userId: cast.ids.editor, role: 'EDITOR' });
    const set = await cast.clients.admin.patch(`/api/folders/${adminFolder}`, { isAdminOnly: true });
    expect(set.status, set.text).toBe(200);
    expect(set.body.isAdminOnly).toBe(true);
    for (const a of ['owner', 'editor', 'other', 'visitor'] as Actor[]) {
      expect((await cast.clients[a].get(`/api/folders/${adminFolder}`)).status, a).toBe(404);
      const counted = await cast.clients[a].get(`/api/users/${cast.ids.admin}/folders/count`);
      if (a === 'visitor') expect(counted.status).toBe(401);
      else expect(counted.body, a).toEqual({ count: 0 });
    }
    expect((await cast.clients.admin.get(`/api/folders/${adminFolder}`)).body.role).toBe('OWNER');
  });
});

describe('links', () => {
  it('pages a folder newest first', async () => {
    const folder = await createFolder(cast.clients.owner, { name: 'Paged' });
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await uploadOk(cast.clients.owner, `paged-${i}.gif`, { folderId: String(folder) }));
    const first = await cast.clients.owner.get(`/api/folders/${folder}/files?offset=0&limit=2`);
    const second = await cast.clients.owner.get(`/api/folders/${folder}/files?offset=2&limit=2`);
    expect([...first.body, ...second.body].map((f: { id: number }) => f.id)).toEqual([...ids].reverse());
  });

  it('leaves one link when members add the same file at once, and adding or removing again is idempotent', async () => {
    const folder = await createFolder(cast.clients.owner, { name: 'Race' });
    await cast.clients.owner.post(`/api/folders/${folder}/collaborators`, { userId: cast.ids.editor, role: 'EDITOR' });
    const adds = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? cast.clients.owner : cast.clients.editor).post(`/api/folders/${folder}/files`, { fileId: publicFileId })),
    );
    expect(adds.map((r) => r.status)).toEqual(Array(6).fill(200));
    const count = async () =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(folderFiles).where(eq(folderFiles.folderId, folder)))[0].n;
    expect(await count()).toBe(1);
    expect((await cast.clients.owner.delete(`/api/folders/${folder}/files/${publicFileId}`)).body.linked).toBe(false);
    expect((await cast.clients.owner.delete(`/api/folders/${folder}/files/${publicFileId}`)).status).toBe(200);
    expect(await count()).toBe(0);
  });

  it('refuses to add a file the member cannot see', async () => {
    const hidden = await uploadOk(cast.clients.other, 'others-private.gif', { isPublic: 'false' });
    expect((await cast.clients.owner.post(`/api/folders/${publicId}/files`, { fileId: hidden })).status).toBe(404);
  });

  it('deletes a folder and its links but keeps the files', async () => {
    const folder = await createFolder(cast.clients.owner, { name: 'Doomed' });
    const file = await uploadOk(cast.clients.owner, 'survivor.gif', { folderId: String(folder) });
    expect((await cast.clients.owner.delete(`/api/folders/${folder}`)).status).toBe(200);
    expect((await cast.clients.owner.get(`/api/folders/${folder}`)).status).toBe(404);
    expect((await cast.clients.owner.get(`/api/files/${file}`)).status).toBe(200);
    expect(await t.database.db.select().from(folderFiles).where(eq(folderFiles.folderId, folder))).toEqual([]);
  });

  it('validates names with the spec messages, trimmed', async () => {
    const c = cast.clients.owner;
    expect((await c.post('/api/folders', { name: '   ' })).body.message).toBe('Folder name is required');
    expect((await c.post('/api/folders', { name: 'x'.repeat(101) })).body.message).toBe('Folder name must be less than 100 characters');
    expect((await c.post('/api/folders', { name: 'ok', description: 'd'.repeat(501) })).body.message).toBe('Description must be less than 500 characters');
    expect((await c.post('/api/folders', { name: `  ${'x'.repeat(100)}  ` })).status).toBe(201);
  });
});
