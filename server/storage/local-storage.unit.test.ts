import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { newKeyBase, type Storage } from './storage';

// What only the disk driver does; the behaviour both drivers share is storage-contract.int.test.ts.

let root: string;
let storage: Storage;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kaleido-storage-test-'));
  storage = createLocalStorage(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('createLocalStorage', () => {
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
  });

  it('treats a folder as no object', async () => {
    await storage.put('x/y.bin', Buffer.alloc(1));
    expect(await storage.stat('x')).toBeNull();
  });

  it('lists half-written temp files too (the start-up sweep removes old ones), with keys in / form', async () => {
    await storage.put('ab/cd/kept.jpg', Buffer.from('k'));
    await mkdir(path.join(root, 'ab', 'cd'), { recursive: true });
    await writeFile(path.join(root, 'ab', 'cd', '.half.jpg.0a1b.tmp'), 'h');
    const keys: string[] = [];
    for await (const e of storage.list()) keys.push(e.key);
    expect(keys.sort()).toEqual(['ab/cd/.half.jpg.0a1b.tmp', 'ab/cd/kept.jpg']);
  });

  it('lists nothing before anything is stored', async () => {
    const empty = createLocalStorage(path.join(root, 'never-created'));
    for await (const e of empty.list()) expect.unreachable(e.key);
  });

  it('makes fanned-out key bases', () => {
    expect(newKeyBase()).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
  });
});
