import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient, type TestResponse } from '../../../tests/helpers/test-client';
import { actors, castActors, createFolder, snapshot, testEnv, upload, uploadOk, type Actor, type Cast } from '../../../tests/helpers/folders';

// The folder permission matrix (decision 009): six actors × every folder and file↔folder call, on a
// private and on a public folder. Each call states the status each actor gets; a refused call
// (401, 403, 404) must leave every folder table, the files and the stored objects unchanged.
// Actors run refused-first and owner last, so the owner's destructive calls come after.

type Kind = 'private' | 'public';
type Expect = Record<Actor, number>;

/** Reads: members of the folder always; everyone else only when it is public. Hidden is 404. */
const read = (k: Kind): Expect => (k === 'public'
  ? { owner: 200, editor: 200, viewer: 200, other: 200, visitor: 200, admin: 200 }
  : { owner: 200, editor: 200, viewer: 200, other: 404, visitor: 404, admin: 404 });
/** Changing the file set: owner and editors. Outsiders who cannot see the folder get 404. */
const edit = (k: Kind, ok = 200): Expect => ({ owner: ok, editor: ok, viewer: 403, other: k === 'public' ? 403 : 404, visitor: 401, admin: k === 'public' ? 403 : 404 });
/** Visibility, delete, collaborators, invites: the owner only. */
const manage = (k: Kind, ok = 200): Expect => ({ ...edit(k, ok), editor: 403 });
/** The collaborator list: the folder's members. */
const members = (k: Kind): Expect => ({ ...edit(k), viewer: 200 });

type Ctx = { folderId: number; pinnedFileId: number; spareId: number; inviteId: number; ownFile: Record<Actor, number> };
type Call = { name: string; expect: (k: Kind) => Expect; run: (c: TestClient, ctx: Ctx, a: Actor) => Promise<TestResponse> };

const calls: Call[] = [
  { name: 'GET /api/folders/{id}', expect: read, run: (c, x) => c.get(`/api/folders/${x.folderId}`) },
  { name: 'GET /api/folders/{id}/preview', expect: read, run: (c, x) => c.get(`/api/folders/${x.folderId}/preview`) },
  { name: 'GET /api/folders/{id}/role', expect: read, run: (c, x) => c.get(`/api/folders/${x.folderId}/role`) },
  { name: 'GET /api/folders/{id}/files', expect: read, run: (c, x) => c.get(`/api/folders/${x.folderId}/files?offset=0&limit=20`) },
  { name: 'GET /api/folders/{id}/collaborators', expect: members, run: (c, x) => c.get(`/api/folders/${x.folderId}/collaborators`) },
  { name: 'POST /api/folders/{id}/files', expect: (k) => edit(k), run: (c, x, a) => c.post(`/api/folders/${x.folderId}/files`, { fileId: x.ownFile[a] }) },
  { name: 'POST /api/files/{id}/folders', expect: (k) => edit(k), run: (c, x, a) => c.post(`/api/files/${x.ownFile[a]}/folders`, { folderId: x.folderId }) },
  { name: 'DELETE /api/folders/{id}/files/{fileId}', expect: (k) => edit(k), run: (c, x) => c.delete(`/api/folders/${x.folderId}/files/${x.pinnedFileId}`) },
  { name: 'DELETE /api/files/{fileId}/folders/{folderId}', expect: (k) => edit(k), run: (c, x) => c.delete(`/api/files/${x.pinnedFileId}/folders/${x.folderId}`) },
  {
    name: 'POST /api/files with folderId',
    expect: (k) => edit(k, 201),
    run: (c, x, a) => upload(c, `into-folder-${a}.gif`, { folderId: String(x.folderId) }),
  },
  { name: 'PATCH /api/folders/{id}', expect: (k) => manage(k), run: (c, x) => c.patch(`/api/folders/${x.folderId}`, { name: 'Renamed' }) },
  { name: 'GET /api/folders/{id}/invites', expect: (k) => manage(k), run: (c, x) => c.get(`/api/folders/${x.folderId}/invites`) },
  { name: 'POST /api/folders/{id}/invites', expect: (k) => manage(k, 201), run: (c, x) => c.post(`/api/folders/${x.folderId}/invites`, { role: 'VIEWER' }) },
  { name: 'DELETE /api/invites/{id}', expect: (k) => manage(k), run: (c, x) => c.delete(`/api/invites/${x.inviteId}`) },
  {
    name: 'POST /api/folders/{id}/collaborators',
    expect: (k) => manage(k, 201),
    run: (c, x) => c.post(`/api/folders/${x.folderId}/collaborators`, { userId: x.spareId, role: 'EDITOR' }),
  },
  {
    name: 'PATCH /api/folders/{id}/collaborators/{userId}',
    expect: (k) => manage(k),
    run: (c, x) => c.patch(`/api/folders/${x.folderId}/collaborators/${x.spareId}`, { role: 'EDITOR' }),
  },
  { name: 'DELETE /api/folders/{id}/collaborators/{userId}', expect: (k) => manage(k), run: (c, x) => c.delete(`/api/folders/${x.folderId}/collaborators/${x.spareId}`) },
  { name: 'DELETE /api/folders/{id}', expect: (k) => manage(k), run: (c, x) => c.delete(`/api/folders/${x.folderId}`) },
];

const t = useTestApp(testEnv);
let cast: Cast;
let spare: { id: number };
const ownFile = {} as Record<Actor, number>;

beforeAll(async () => {
  cast = await castActors(t);
  spare = await signUp(t.client());
  for (const a of actors) ownFile[a] = a === 'visitor' ? 0 : await uploadOk(cast.clients[a], `own-${a}.gif`);
  ownFile.visitor = ownFile.owner;
});

/** A fresh folder of this kind per call: editor and viewer collaborate, a spare member too, one file pinned, one invite pending. */
async function freshFolder(kind: Kind): Promise<Ctx> {
  const owner = cast.clients.owner;
  const folderId = await createFolder(owner, { name: `Matrix ${kind}`, isPublic: kind === 'public' });
  for (const [userId, role] of [[cast.ids.editor, 'EDITOR'], [cast.ids.viewer, 'VIEWER'], [spare.id, 'VIEWER']] as const) {
    const res = await owner.post(`/api/folders/${folderId}/collaborators`, { userId, role });
    expect(res.status, res.text).toBe(201);
  }
  const pinnedFileId = await uploadOk(owner, 'pinned.gif', { folderId: String(folderId) });
  const invite = await owner.post(`/api/folders/${folderId}/invites`, { role: 'EDITOR' });
  expect(invite.status, invite.text).toBe(201);
  return { folderId, pinnedFileId, spareId: spare.id, inviteId: invite.body.id, ownFile };
}

describe.each(['private', 'public'] as Kind[])('on a %s folder', (kind) => {
  it.each(calls.map((c) => [c.name, c] as const))('%s', async (_name, call) => {
    const ctx = await freshFolder(kind);
    const expected = call.expect(kind);
    for (const a of actors) {
      const before = await snapshot(t);
      const res = await call.run(cast.clients[a], ctx, a);
      expect(res.status, `${a}: ${res.text}`).toBe(expected[a]);
      if (expected[a] >= 400) {
        expect(await snapshot(t), `${a} was refused but something changed`).toBe(before);
        expect(res.body.message, a).toEqual(expect.any(String));
      }
    }
  });
});
