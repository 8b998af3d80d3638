import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../tests/helpers/s3-server';
import { createLocalStorage } from './local-storage';
import { createS3Storage, S3_PART_SIZE } from './s3-storage';
import { InvalidStorageKeyError, StorageNotFoundError, type Storage } from './storage';

// One contract, both drivers: what the app relies on from `Storage` holds on local disk and on
// a real S3-protocol server (s3rver on loopback).

let scratch: string;
let s3: TestS3Server;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'kaleido-contract-'));
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
  await rm(scratch, { recursive: true, force: true });
});

const drivers: [string, () => Storage][] = [
  ['disk', () => createLocalStorage(path.join(scratch, `disk-${Math.random().toString(16).slice(2)}`))],
  ['s3', () => createS3Storage(s3.settings)],
];

async function listed(storage: Storage): Promise<Map<string, number>> {
  const entries = new Map<string, number>();
  for await (const e of storage.list()) entries.set(e.key, e.size);
  return entries;
}

describe.each(drivers)('storage contract: %s', (driver, make) => {
  let storage: Storage;
  // Each driver's keys under their own prefix: the S3 bucket is shared by the suite.
  const k = (key: string) => `${driver}/${key}`;
  beforeAll(() => {
    storage = make();
  });
  afterAll(() => storage?.close());

  it('stores a Buffer, a stream and a file and reads each back with its size', async () => {
    const source = path.join(scratch, `${driver}-source.bin`);
    await writeFile(source, 'from a file');
    expect(await storage.put(k('ab/cd/one.txt'), Buffer.from('hello'), { contentType: 'text/plain' })).toEqual({ size: 5 });
    expect(await storage.put(k('ab/cd/two.txt'), Readable.from([Buffer.from('str'), Buffer.from('eam')]))).toEqual({ size: 6 });
    expect(await storage.put(k('thumbnails/ab/cd/three_thumb.webp'), { path: source })).toEqual({ size: 11 });

    expect(await text(await storage.get(k('ab/cd/one.txt')))).toBe('hello');
    expect(await text(await storage.get(k('ab/cd/two.txt')))).toBe('stream');
    expect(await text(await storage.get(k('thumbnails/ab/cd/three_thumb.webp')))).toBe('from a file');
  });

  it('streams a body longer than one S3 part whole', async () => {
    const bytes = Buffer.alloc(S3_PART_SIZE + 1000);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    // Odd-sized chunks, as a network stream delivers them.
    const chunks = [bytes.subarray(0, 100_000), bytes.subarray(100_000, S3_PART_SIZE + 10), bytes.subarray(S3_PART_SIZE + 10)];
    expect(await storage.put(k('big/long.bin'), Readable.from(chunks))).toEqual({ size: bytes.length });
    expect((await buffer(await storage.get(k('big/long.bin')))).equals(bytes)).toBe(true);
    expect((await storage.stat(k('big/long.bin')))?.size).toBe(bytes.length);
  });

  it('reads inclusive byte ranges', async () => {
    await storage.put(k('r/range.txt'), Buffer.from('0123456789'));
    expect(await text(await storage.get(k('r/range.txt'), { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await storage.get(k('r/range.txt'), { start: 0, end: 0 }))).toBe('0');
    expect(await text(await storage.get(k('r/range.txt'), { start: 9, end: 9 }))).toBe('9');
    await expect(storage.get(k('r/range.txt'), { start: 5, end: 4 })).rejects.toBeInstanceOf(RangeError);
  });

  it('stats size, time and an ETag that changes when the object is replaced', async () => {
    const before = Date.now();
    await storage.put(k('s/stat.bin'), Buffer.alloc(42));
    const first = await storage.stat(k('s/stat.bin'));
    expect(first?.size).toBe(42);
    expect(first?.etag).toMatch(/^[^"\s]+$/);
    // S3 keeps whole seconds.
    expect(first!.mtime.getTime()).toBeGreaterThanOrEqual(before - 1000);

    await storage.put(k('s/stat.bin'), Buffer.from('replaced'));
    const second = await storage.stat(k('s/stat.bin'));
    expect(second?.size).toBe(8);
    expect(second?.etag).not.toBe(first?.etag);
    expect(await text(await storage.get(k('s/stat.bin')))).toBe('replaced');
  });

  it('answers a missing key with null from stat and a typed error from get', async () => {
    expect(await storage.stat(k('no/such.jpg'))).toBeNull();
    await expect(storage.get(k('no/such.jpg'))).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.get(k('no/such.jpg'), { start: 0, end: 1 })).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('deletes, and deleting a missing key is no error', async () => {
    await storage.put(k('d/e.txt'), Buffer.from('x'));
    await storage.delete(k('d/e.txt'));
    await storage.delete(k('d/e.txt'));
    expect(await storage.stat(k('d/e.txt'))).toBeNull();
    await expect(storage.get(k('d/e.txt'))).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('lists every stored object with its size, and no deleted one', async () => {
    await storage.put(k('l/one.txt'), Buffer.from('1'));
    await storage.put(k('l/deeper/two.txt'), Buffer.from('22'));
    await storage.put(k('l/gone.txt'), Buffer.from('x'));
    await storage.delete(k('l/gone.txt'));
    const entries = await listed(storage);
    expect(entries.get(k('l/one.txt'))).toBe(1);
    expect(entries.get(k('l/deeper/two.txt'))).toBe(2);
    expect(entries.has(k('l/gone.txt'))).toBe(false);
    for await (const e of storage.list()) expect(e.mtime).toBeInstanceOf(Date);
  });

  it('stores nothing when the body stream fails, and keeps the object it would have replaced', async () => {
    await storage.put(k('f/kept.txt'), Buffer.from('earlier'));
    const failing = () =>
      new Readable({
        read() {
          this.destroy(new Error('client went away'));
        },
      });
    await expect(storage.put(k('f/broken.txt'), failing())).rejects.toThrow('client went away');
    expect(await storage.stat(k('f/broken.txt'))).toBeNull();
    await expect(storage.put(k('f/kept.txt'), failing())).rejects.toThrow('client went away');
    expect(await text(await storage.get(k('f/kept.txt')))).toBe('earlier');

    // Failing after a whole part was sent: the multipart upload is abandoned, nothing appears.
    let sent = false;
    const lateFailure = new Readable({
      read() {
        if (sent) return this.destroy(new Error('connection reset'));
        sent = true;
        this.push(Buffer.alloc(S3_PART_SIZE + 1));
      },
    });
    await expect(storage.put(k('f/late.bin'), lateFailure)).rejects.toThrow('connection reset');
    expect(await storage.stat(k('f/late.bin'))).toBeNull();
    expect((await listed(storage)).has(k('f/late.bin'))).toBe(false);
  });

  it.each(['../escape.txt', 'a/../../b', '/etc/passwd', 'a\\b.txt', 'a//b', '', 'a/./b', 'a/b\0.txt'])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});
