import yauzl from 'yauzl';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveDto } from '../../../contract/archives';
import { emptyDiskStorage } from '../../../tests/helpers/backup';
import { createFolder, uploadOk } from '../../../tests/helpers/folders';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';

// A member's data archive lists in their folders only what their own reads show them
// (docs/decisions/026): a private file another member saved into their folder, or one they
// could see once through a folder they were removed from, is not named in it.

const t = useTestApp(async () => {
  const scratch = await emptyDiskStorage('kaleido-archive-vis-');
  return { env: { AUTH_RATE_LIMIT: '1000' }, deps: { storage: scratch.storage, jobs: { pollingIntervalSeconds: 0.5 } }, cleanup: scratch.cleanup };
});

let owner: TestClient; // O
let viewer: TestClient; // V
let other: TestClient; // Z
const ids = {} as { owner: number; viewer: number; other: number; secret: number; p: number; q: number; r: number; shared: number };

function unzipJson(bytes: Buffer, name: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== `kaleido-data/${name}.json`) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
        });
      });
      zip.on('end', () => reject(new Error(`${name}.json missing`)));
      zip.readEntry();
    });
  });
}

async function archiveOf(c: TestClient): Promise<{ bytes: Buffer; folders: { own: { id: number; files: { fileId: number; name: string }[] }[]; collaborating: { folderId: number }[] } }> {
  expect((await c.post('/api/user/archive')).status).toBe(202);
  const until = Date.now() + 30_000;
  let archive: ArchiveDto | null = null;
  while (Date.now() < until) {
    archive = (await c.get('/api/user/archive')).body.archive;
    if (archive?.status === 'ready') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(archive?.status).toBe('ready');
  const res = await fetch(t.url + archive!.downloadUrl!, { headers: { cookie: c.cookieHeader } });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { bytes, folders: (await unzipJson(bytes, 'folders')) as never };
}

beforeAll(async () => {
  owner = t.client();
  viewer = t.client();
  other = t.client();
  ids.owner = (await signUp(owner)).id;
  ids.viewer = (await signUp(viewer)).id;
  ids.other = (await signUp(other)).id;
  // O's private folder P, V a VIEWER of it; the private file uploaded into P.
  ids.p = await createFolder(owner, { name: 'Private P', isPublic: false });
  expect((await owner.post(`/api/folders/${ids.p}/collaborators`, { userId: ids.viewer, role: 'VIEWER' })).status).toBe(201);
  ids.secret = await uploadOk(owner, 'SECRET-diagnosis-scan.gif', { isPublic: 'false', folderId: String(ids.p) });
  // Z's folder Q, V an EDITOR of it: V saves the file into Q.
  ids.q = await createFolder(other, { name: 'Shared Q', isPublic: false });
  expect((await other.post(`/api/folders/${ids.q}/collaborators`, { userId: ids.viewer, role: 'EDITOR' })).status).toBe(201);
  ids.shared = await uploadOk(other, 'z-own-photo.gif', { isPublic: 'false', folderId: String(ids.q) });
  // V's own folder R, into which V saves the file while P still grants it.
  ids.r = await createFolder(viewer, { name: 'Mine R', isPublic: false });
}, 120_000);

describe("a member's archive names only files their own reads show them", () => {
  it('leaves out a private file a collaborator saved into the folder', async () => {
    const saved = await viewer.post(`/api/folders/${ids.q}/files`, { fileId: ids.secret });
    expect(saved.status, saved.text).toBe(200);
    // Z's own reads: the file is 404, Q's list holds only Z's own file.
    expect((await other.get(`/api/files/${ids.secret}`)).status).toBe(404);
    const list = await other.get(`/api/folders/${ids.q}/files`);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('SECRET-diagnosis-scan');

    const archive = await archiveOf(other);
    const q = archive.folders.own.find((f) => f.id === ids.q)!;
    expect(q.files.map((f) => f.fileId)).toEqual([ids.shared]);
    expect(JSON.stringify(archive.folders)).not.toContain('SECRET-diagnosis-scan');
  }, 60_000);

  it("leaves out a file of a folder the member was removed from, from the member's own folders", async () => {
    expect((await viewer.post(`/api/folders/${ids.r}/files`, { fileId: ids.secret })).status).toBe(200);
    const before = await archiveOf(viewer);
    expect(before.folders.own.find((f) => f.id === ids.r)!.files.map((f) => f.name)).toEqual(['SECRET-diagnosis-scan.gif']);

    expect((await owner.delete(`/api/folders/${ids.p}/collaborators/${ids.viewer}`)).status).toBe(200);
    expect((await viewer.get(`/api/files/${ids.secret}`)).status).toBe(404);
    const after = await archiveOf(viewer);
    expect(after.folders.own.find((f) => f.id === ids.r)!.files).toEqual([]);
    expect(after.folders.collaborating.map((c) => c.folderId)).toEqual([ids.q]);
    expect(JSON.stringify(after.folders)).not.toContain('SECRET-diagnosis-scan');
  }, 60_000);
});
