import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyDiskStorage } from '../../../tests/helpers/backup';
import { useDeployment } from '../../../tests/helpers/deployment';
import type { TestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { eventually } from '../../../tests/helpers/wait';
import { photo, uploadOk } from '../../../tests/helpers/upload';

// Two app processes of one deployment (one database, one Redis): `a` works the jobs and
// recognises, `b` only serves. Each holds its own neighbour index; the bus keeps both current.
// One bucket for all: each process stores and reads the same files.
const processes = useDeployment(2, { AUTOTAG: 'on' }, {}, async () => {
  const { storage, cleanup } = await emptyDiskStorage('kaleido-similar-');
  return { everyProcess: { storage }, cleanup };
});

const upload = async (c: TestClient, name: string, bytes: Buffer): Promise<number> => (await uploadOk(c, bytes, name, {}, 'image/jpeg')).id;

const neighbours = async (c: TestClient, id: number): Promise<number[]> => (await c.get(`/api/files/${id}/similar`)).body.map((f: { id: number }) => f.id);

let a: TestApp;
let b: TestApp;
beforeAll(() => {
  [a, b] = processes.apps;
});

describe('the neighbour index across app processes', () => {
  it('learns of an image recognised by another process, and forgets it when deleted elsewhere', async () => {
    const member = b.client();
    await signUp(member);
    const cat = await photo('chelsea-cat.jpg');
    const first = await upload(member, 'cat.jpg', cat);
    const second = await upload(member, 'cat-small.jpg', await sharp(cat).resize(200).jpeg({ quality: 50 }).toBuffer());
    // Recognised by `a`'s job; `b` hears of each embedding through Redis, not from its database.
    await eventually(() => Promise.resolve(b.app.similarIndex.size()), (n) => n === 2, { timeoutMs: 120_000, intervalMs: 100 });
    expect(await neighbours(member, first)).toEqual([second]);

    // Deleted through `a`: gone from `b`'s lists as soon as the delete answered.
    const onA = a.client();
    onA.cookies = new Map(member.cookies);
    expect((await onA.delete(`/api/files/${second}`)).status).toBe(200);
    expect(await neighbours(member, first)).toEqual([]);
    await eventually(() => Promise.resolve(b.app.similarIndex.size()), (n) => n === 1);
    expect(b.app.similarIndex.size()).toBe(1);
  }, 150_000);

  it('is rebuilt from the database when a process starts', async () => {
    const c = await processes.addProcess();
    await c.app.similarIndex.ready();
    expect(c.app.similarIndex.size()).toBe(a.app.similarIndex.size());
  });
});
