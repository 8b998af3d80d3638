import { beforeAll, describe, expect, it } from 'vitest';
import type { FolderDto } from '../../../contract/folders';
import { castActors, createFolder, testEnv, type Cast } from '../../../tests/helpers/folders';
import { useTestApp } from '../../../tests/helpers/test-app';

// GET /api/folders/shared: the folders others share with a member, so a collaborator can find
// them (decision 030); never the member's own, never one they were removed from.
const t = useTestApp(testEnv);
let cast: Cast;
let privateShared: number;
let publicShared: number;

beforeAll(async () => {
  cast = await castActors(t);
  const { owner } = cast.clients;
  privateShared = await createFolder(owner, { name: 'Trip plans', isPublic: false });
  publicShared = await createFolder(owner, { name: 'Open album', isPublic: true });
  await createFolder(owner, { name: 'Not shared', isPublic: false });
  await createFolder(cast.clients.editor, { name: 'Editor own', isPublic: false });
  for (const [folder, role] of [[privateShared, 'EDITOR'], [publicShared, 'VIEWER']] as const) {
    const res = await owner.post(`/api/folders/${folder}/collaborators`, { userId: cast.ids.editor, role });
    expect(res.status, res.text).toBe(201);
  }
});

async function shared(actor: keyof Cast['clients']) {
  return cast.clients[actor].get('/api/folders/shared');
}

describe('GET /api/folders/shared', () => {
  it('lists the folders shared with the member, newest share first, with their role', async () => {
    const res = await shared('editor');
    expect(res.status, res.text).toBe(200);
    const list = res.body as FolderDto[];
    expect(list.map((f) => [f.id, f.name, f.role, f.canEdit, f.user.id])).toEqual([
      [publicShared, 'Open album', 'VIEWER', false, cast.ids.owner],
      [privateShared, 'Trip plans', 'EDITOR', true, cast.ids.owner],
    ]);
  });

  it('is empty for the owner and for members nothing is shared with; a visitor gets 401', async () => {
    expect((await shared('owner')).body).toEqual([]);
    expect((await shared('other')).body).toEqual([]);
    expect((await shared('visitor')).status).toBe(401);
  });

  it('drops a folder once the member is removed from it', async () => {
    const removed = await cast.clients.owner.delete(`/api/folders/${publicShared}/collaborators/${cast.ids.editor}`);
    expect(removed.status, removed.text).toBe(200);
    expect(((await shared('editor')).body as FolderDto[]).map((f) => f.id)).toEqual([privateShared]);
  });

  it('pages with limit and offset', async () => {
    const res = await cast.clients.editor.get('/api/folders/shared?limit=1&offset=1');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([]);
  });
});
