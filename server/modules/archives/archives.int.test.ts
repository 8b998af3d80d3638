import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, useTestApp, waitForMail, type TestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { createTestDatabase } from '../../../tests/helpers/test-db';
import type { Storage } from '../../storage/storage';
import * as samples from '../../../tests/helpers/media-samples';
import { emptyDiskStorage, objectBytes, uploadFile } from '../../../tests/helpers/backup';
import { uploadAvatar } from '../../../tests/helpers/upload';
import type { ArchiveDto } from '../../../contract/archives';

// A member's archive (decision 022): Settings → "Download my data" builds a zip of the member's own data as a
// durable job, tells them (notification and mail), serves it to them only, for seven days.

let storage: Storage;
const t = useTestApp(async () => {
  const scratch = await emptyDiskStorage('kaleido-archive-');
  storage = scratch.storage;
  return { env: { AUTH_RATE_LIMIT: '1000' }, deps: { storage, jobs: { pollingIntervalSeconds: 0.5 } }, cleanup: scratch.cleanup };
});
let ana: TestClient;
let bob: TestClient;
let ids: { ana: number; bob: number; anaPublic: number; anaPrivate: number; bobPublic: number; bobPrivate: number };
const anaPassword = 'secret123';

async function waitForArchive(c: TestClient, status: ArchiveDto['status'] = 'ready'): Promise<ArchiveDto> {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await c.get('/api/user/archive');
    expect(res.status).toBe(200);
    if (res.body.archive?.status === status) return res.body.archive;
    if (Date.now() > until) throw new Error(`archive still ${JSON.stringify(res.body.archive)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function download(c: TestClient, url: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(t.url + url, { headers: { cookie: c.cookieHeader } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function keyOf(fileId: number): Promise<string> {
  return ((await t.database.db.execute(sql.raw(`SELECT storage_key AS k FROM files WHERE id = ${fileId}`))) as unknown as { rows: { k: string }[] }).rows[0].k;
}

beforeAll(async () => {
  ana = t.client();
  bob = t.client();
  const a = await signUp(ana, { firstName: 'Ana', lastName: 'Archive', password: anaPassword });
  const b = await signUp(bob, { firstName: 'Bob', lastName: 'Other' });
  expect((await uploadAvatar(ana, await samples.pngWithAlpha(64, 64))).status).toBe(200);
  ids = {
    ana: a.id,
    bob: b.id,
    anaPublic: await uploadFile(ana, 'beach.png', await samples.pngWithAlpha(), 'image/png'),
    anaPrivate: await uploadFile(ana, 'diary.pdf', await samples.pdf(), 'application/pdf', { isPublic: 'false' }),
    bobPublic: await uploadFile(bob, 'bob-public.webp', await samples.webp(), 'image/webp'),
    bobPrivate: await uploadFile(bob, 'bob-secret-plans.gif', await samples.gif(), 'image/gif', { isPublic: 'false' }),
  };
  const folder = await ana.post('/api/folders', { name: 'Holidays', isPublic: false });
  expect((await ana.post(`/api/folders/${folder.body.id}/files`, { fileId: ids.anaPublic })).status).toBeLessThan(300);
  expect((await ana.post(`/api/folders/${folder.body.id}/files`, { fileId: ids.bobPublic })).status).toBeLessThan(300);
  expect((await ana.post(`/api/files/${ids.bobPublic}/comments`, { content: 'Nice colours' })).status).toBe(201);
  expect((await bob.post(`/api/files/${ids.bobPrivate}/comments`, { content: 'bob private note' })).status).toBe(201);
  expect((await ana.post(`/api/files/${ids.bobPublic}/like`)).status).toBe(200);
  expect((await ana.post(`/api/users/${ids.bob}/follow`)).status).toBe(200);
  expect((await ana.post('/api/messages', { recipientId: ids.bob, content: 'hello from ana' })).status).toBe(201);
  expect((await bob.post('/api/messages', { recipientId: ids.ana, content: 'reply from bob' })).status).toBe(201);
  expect((await ana.put('/api/user/preferences', { notificationEmails: 'all' })).status).toBe(200);
}, 120_000);

describe('Download my data', () => {
  let archive: ArchiveDto;

  it('builds the archive as a job and tells the member by notification and one mail', async () => {
    expect((await t.client().post('/api/user/archive')).status).toBe(401);
    const first = await ana.post('/api/user/archive');
    expect(first.status, first.text).toBe(202);
    expect(first.body.archive).toMatchObject({ status: 'pending', downloadUrl: null });
    archive = await waitForArchive(ana);
    expect(archive.downloadUrl).toBe(`/api/archives/${archive.id}/download`);
    const days = (Date.parse(archive.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const list = await ana.get('/api/notifications');
    const item = list.body.notifications.find((n: { type: string }) => n.type === 'archive_ready');
    expect(item.message).toMatch(/^Your data archive is ready to download until \d{1,2} \w+ \d{4}$/);
    const mail = await waitForMail(t, (m) => m.subject === 'Your Kaleido data archive is ready');
    expect(mail.text).toContain(`${t.url}/api/archives/${archive.id}/download`);
    // `all` mode mails each notification; this one was mailed already and is not mailed twice.
    const until = Date.now() + 15_000;
    while ((await t.app.jobs.findJobs('notification.created')).some((j) => j.state !== 'completed' && j.state !== 'failed') && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect((await t.outbox()).filter((m) => m.subject.includes('archive') || m.text.includes('data archive'))).toHaveLength(1);
  }, 60_000);

  it('serves the zip to its member only', async () => {
    const url = archive.downloadUrl!;
    expect((await download(t.client(), url)).status).toBe(401);
    const other = await download(bob, url);
    expect(other.status).toBe(404);
    expect(other.bytes.toString()).toBe(JSON.stringify({ message: 'Archive not found' }));
    expect((await download(bob, `/api/archives/${archive.id + 1000}/download`)).status).toBe(404);
    const mine = await download(ana, url);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/zip');
    expect(mine.headers.get('content-disposition')).toMatch(/^attachment; filename="kaleido-m_\w+-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(mine.headers.get('cache-control')).toContain('private');
  });

  it('holds the member\'s data and files, and nothing private of anyone else', async () => {
    const zip = await unzip((await download(ana, archive.downloadUrl!)).bytes);
    const json = (name: string) => JSON.parse(zip.get(`kaleido-data/${name}.json`)!.toString());
    const profile = json('profile');
    expect(profile).toMatchObject({ id: ids.ana, firstName: 'Ana', lastName: 'Archive' });
    expect(JSON.stringify(profile)).not.toMatch(/password|argon2/i);
    const files = json('files') as { id: number; name: string; path: string }[];
    expect(files.map((f) => f.id).sort()).toEqual([ids.anaPublic, ids.anaPrivate].sort());
    for (const f of files) expect(zip.get(`kaleido-data/${f.path}`)!.equals(await objectBytes(storage, await keyOf(f.id))), f.path).toBe(true);
    expect(zip.has('kaleido-data/avatar.webp')).toBe(true);
    const folders = json('folders');
    expect(folders.own[0].name).toBe('Holidays');
    expect(folders.own[0].files.map((f: { fileId: number }) => f.fileId).sort()).toEqual([ids.anaPublic, ids.bobPublic].sort());
    expect(json('comments').map((c: { content: string }) => c.content)).toEqual(['Nice colours']);
    expect(json('likes')).toMatchObject([{ fileId: ids.bobPublic, fileName: 'bob-public.webp' }]);
    expect(json('follows').following.map((f: { id: number }) => f.id)).toEqual([ids.bob]);
    expect(json('messages').map((m: { content: string }) => m.content)).toEqual(['hello from ana', 'reply from bob']);
    // Nothing of Bob's private file: not its name, its comment or its bytes.
    const everything = Buffer.concat([...zip.values()]).toString('latin1');
    expect(everything).not.toContain('bob-secret-plans');
    expect(everything).not.toContain('bob private note');
    const bobSecret = await objectBytes(storage, await keyOf(ids.bobPrivate));
    for (const [name, bytes] of zip) expect(bytes.includes(bobSecret), name).toBe(false);
    expect([...zip.keys()].filter((n) => n.startsWith('kaleido-data/files/'))).toHaveLength(2);
  });

  it('replaces a finished archive on a new request, deleting the old one', async () => {
    const oldKey = ((await t.database.db.execute(sql.raw(`SELECT storage_key AS k FROM member_archives WHERE id = ${archive.id}`))) as unknown as { rows: { k: string }[] }).rows[0].k;
    const res = await ana.post('/api/user/archive');
    expect(res.status).toBe(202);
    expect(res.body.archive.id).not.toBe(archive.id);
    expect(await storage.stat(oldKey)).toBeNull();
    expect((await download(ana, archive.downloadUrl!)).status).toBe(404);
    archive = await waitForArchive(ana);
  }, 60_000);

  it('stops serving after its week, and the hourly pass deletes it', async () => {
    const key = ((await t.database.db.execute(sql.raw(`SELECT storage_key AS k FROM member_archives WHERE id = ${archive.id}`))) as unknown as { rows: { k: string }[] }).rows[0].k;
    expect(await storage.stat(key)).not.toBeNull();
    await t.database.db.execute(sql.raw(`UPDATE member_archives SET expires_at = now() - interval '1 minute' WHERE id = ${archive.id}`));
    expect((await download(ana, archive.downloadUrl!)).status).toBe(404);
    expect((await ana.get('/api/user/archive')).body.archive).toBeNull();
    await t.app.jobs.send('member-archives.expired', {});
    const until = Date.now() + 20_000;
    while ((await storage.stat(key)) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect(await storage.stat(key)).toBeNull();
    const left = (await t.database.db.execute(sql.raw(`SELECT count(*) AS n FROM member_archives WHERE id = ${archive.id}`))) as unknown as { rows: { n: number }[] };
    expect(Number(left.rows[0].n)).toBe(0);
  }, 60_000);
});

describe('a durable job', () => {
  it('is built by the next process when the one that took the request stopped first', async () => {
    // An app that only enqueues (WORKERS=0) takes the request and stops; the next one works the job.
    const database = await createTestDatabase();
    const first = await startTestApp({ AUTH_RATE_LIMIT: '1000', WORKERS: '0' }, {}, { database, storage });
    let second: TestApp | null = null;
    try {
      const c = first.client();
      await signUp(c);
      expect((await c.post('/api/user/archive')).status).toBe(202);
      // One at a time: while it is being prepared, another request is refused.
      const refused = await c.post('/api/user/archive');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Your archive is already being prepared');
      await first.close();
      second = await startTestApp({ AUTH_RATE_LIMIT: '1000' }, {}, { database, storage });
      const again = second.client();
      again.cookies = c.cookies;
      const ready = await waitForArchive(again);
      const res = await fetch(second.url + ready.downloadUrl!, { headers: { cookie: again.cookieHeader } });
      expect(res.status).toBe(200);
    } finally {
      await second?.close();
      await database.close();
    }
  }, 60_000);
});
