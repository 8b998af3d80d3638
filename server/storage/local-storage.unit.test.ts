import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { InvalidStorageKeyError, newKeyBase, StorageNotFoundError, type Storage } from './storage';

let root: string;
let storage: Storage;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kaleido-storage-test-'));
  storage = createLocalStorage(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('createLocalStorage', () => {
  it('stores a Buffer, a stream and a file under nested keys and reads them back', async () => {
    const source = path.join(root, 'source.bin');
    await writeFile(source, 'from a file');
    expect(await storage.put('ab/cd/one.txt', Buffer.from('hello'))).toEqual({ size: 5 });
    expect(await storage.put('ab/cd/two.txt', Readable.from(['str', 'eam']))).toEqual({ size: 6 });
    expect(await storage.put('thumbnails/ab/cd/three_thumb.webp', { path: source })).toEqual({ size: 11 });

    expect(await text(await storage.get('ab/cd/one.txt'))).toBe('hello');
    expect(await text(await storage.get('ab/cd/two.txt'))).toBe('stream');
    expect(await text(await storage.get('thumbnails/ab/cd/three_thumb.webp'))).toBe('from a file');
  });

  it('reads an inclusive byte range', async () => {
    await storage.put('a/range.txt', Buffer.from('0123456789'));
    expect(await text(await storage.get('a/range.txt', { start: 2, end: 5 }))).toBe('2345');
  });

  it('replaces an object atomically and leaves no temp files behind', async () => {
    await storage.put('a/b.txt', Buffer.from('first version'));
    await storage.put('a/b.txt', Buffer.from('second'));
    expect(await text(await storage.get('a/b.txt'))).toBe('second');
    expect(await readdir(path.join(root, 'a'))).toEqual(['b.txt']);
  });

  it('cleans the temp file when the body stream fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('a/broken.txt', failing)).rejects.toThrow('client went away');
    expect(await readdir(path.join(root, 'a'))).toEqual([]);
    expect(await storage.stat('a/broken.txt')).toBeNull();
  });

  it('stats existing objects and returns null for missing ones', async () => {
    await storage.put('x/y.bin', Buffer.alloc(42));
    const info = await storage.stat('x/y.bin');
    expect(info?.size).toBe(42);
    expect(info?.mtime).toBeInstanceOf(Date);
    expect(await storage.stat('x/missing.bin')).toBeNull();
    expect(await storage.stat('x')).toBeNull();
  });

  it('throws a typed error when getting a missing key', async () => {
    await expect(storage.get('no/such.jpg')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('deletes idempotently', async () => {
    await storage.put('d/e.txt', Buffer.from('x'));
    await storage.delete('d/e.txt');
    await storage.delete('d/e.txt');
    expect(await storage.stat('d/e.txt')).toBeNull();
  });

  it.each(['../escape.txt', 'a/../../b', '/etc/passwd', 'a\\b.txt', 'a//b', '', 'a/./b', 'C:\\x', 'a/b\0.txt'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );

  it('makes fanned-out key bases', () => {
    expect(newKeyBase()).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
  });
});
