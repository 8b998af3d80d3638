import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as samples from '../../tests/helpers/media-samples';
import { serverDatabaseEnv, startServerProcess, stopProcess } from '../../tests/helpers/server-process';
import { signUp, TestClient } from '../../tests/helpers/test-client';
import { uploadOk } from '../../tests/helpers/upload';
import { PRIVATE_MARK } from './private-data-dir';

// Everything the server writes under DATA_DIR is the server's alone (docs/decisions/026):
// folders 0700, files 0600, on a fresh folder and on one an older version left open.

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});
const track = (c: () => Promise<unknown>) => void cleanups.push(c);

/** Every entry under `dir` (and `dir` itself) with its permission bits. */
async function modes(dir: string): Promise<{ entry: string; kind: string; mode: number }[]> {
  const out: { entry: string; kind: string; mode: number }[] = [];
  async function walk(p: string) {
    const s = await fs.lstat(p);
    out.push({ entry: path.relative(dir, p) || '.', kind: s.isDirectory() ? 'dir' : s.isSocket() ? 'socket' : 'file', mode: s.mode & 0o777 });
    if (s.isDirectory()) for (const child of await fs.readdir(p)) await walk(path.join(p, child));
  }
  await walk(dir);
  return out;
}

/** What a member does that writes under DATA_DIR: a private photo and video, an archive with its mail. */
async function use(url: string, dataDir: string): Promise<void> {
  const member = new TestClient(url);
  await signUp(member);
  await uploadOk(member, await samples.jpegWithExifAndGps(), 'private.jpg', { isPublic: 'false' });
  const dir = await samples.tempDir();
  cleanups.push(() => dir.cleanup());
  const clip = await fs.readFile(await samples.ffmpegSample(dir, 'clip.mov', [...samples.VIDEO_SOURCE, '-c:v', 'mpeg4', '-f', 'mov']));
  await uploadOk(member, clip, 'clip.mov', { isPublic: 'false' });
  expect((await member.post('/api/user/archive')).status).toBe(202);
  const until = Date.now() + 60_000;
  while ((await member.get('/api/user/archive')).body.archive?.status !== 'ready') {
    if (Date.now() > until) throw new Error('archive not ready');
    await new Promise((r) => setTimeout(r, 300));
  }
  // Its mail is a job of its own: written to the outbox a moment later.
  while (!(await fs.readdir(path.join(dataDir, 'outbox')).catch(() => [])).length) {
    if (Date.now() > until) throw new Error('no mail in the outbox');
    await new Promise((r) => setTimeout(r, 300));
  }
}

function expectPrivate(list: { entry: string; kind: string; mode: number }[]) {
  const open = list.filter((e) => e.mode & 0o077).map((e) => `${e.entry} (${e.kind}) ${e.mode.toString(8)}`);
  expect(open).toEqual([]);
  for (const e of list) expect(e.mode, e.entry).toBe(e.kind === 'dir' ? 0o700 : 0o600);
}

describe('DATA_DIR is the server\'s alone', () => {
  it('on a fresh folder and after an older version left it open: folders 0700, files 0600', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-modes-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, ...(await serverDatabaseEnv(track)) };

    const fresh = await startServerProcess(env, track);
    await use(fresh.url, dataDir);
    const written = await modes(dataDir);
    const names = written.map((e) => e.entry);
    // The places the server writes, each checked below.
    for (const expected of ['uploads', 'outbox', 'app-secret', ...(env.DATABASE_URL ? [] : ['db', 'kaleido.sock'])]) expect(names, expected).toContain(expected);
    expect(names.some((n) => n.startsWith('uploads/archives/') && n.endsWith('.zip'))).toBe(true);
    expect(names.some((n) => n.startsWith('outbox/'))).toBe(true);
    expectPrivate(written);

    // An older version's folder: everything open to every local account, no mark of a pass.
    await stopProcess(fresh.child);
    for (const e of await modes(dataDir)) if (e.kind !== 'socket') await fs.chmod(path.join(dataDir, e.entry), e.kind === 'dir' ? 0o777 : 0o666);
    await fs.rm(path.join(dataDir, PRIVATE_MARK), { force: true });
    expect((await modes(dataDir)).filter((e) => e.mode & 0o077).length).toBeGreaterThan(10);

    const upgraded = await startServerProcess(env, track);
    expectPrivate(await modes(dataDir));
    await use(upgraded.url, dataDir);
    expectPrivate(await modes(dataDir));
    await stopProcess(upgraded.child);
  }, 300_000);
});
