import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepDebris } from './startup-sweep';
import type { Storage, StoredEntry } from './storage';

// The sweep reads every row's keys only when storage holds objects old enough to be debris.

function storageOf(entries: StoredEntry[]): Storage & { deleted: string[] } {
  const deleted: string[] = [];
  return {
    deleted,
    async *list() {
      yield* entries;
    },
    delete: async (key: string) => void deleted.push(key),
  } as unknown as Storage & { deleted: string[] };
}

const log = { info: () => undefined } as never;

describe('sweepDebris', () => {
  it('does not read the referenced keys when no stored object is old enough', async () => {
    const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sweep-unit-'));
    let reads = 0;
    const storage = storageOf([{ key: 'ab/cd/young.jpg', mtime: new Date() } as StoredEntry]);
    const report = await sweepDebris({ storage, tmpDir, log, referencedKeys: async () => (reads++, new Set()) });
    expect(reads).toBe(0);
    expect(storage.deleted).toEqual([]);
    expect(report).toEqual({ tempFolders: 0, halfWritten: 0, orphans: 0 });
    await fs.rm(tmpDir, { recursive: true, force: true });
  });

  it('reads them once when an old object may be an orphan, and removes only the unreferenced', async () => {
    const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sweep-unit-'));
    let reads = 0;
    const old = new Date(Date.now() - 60 * 60 * 1000);
    const storage = storageOf([{ key: 'ab/cd/kept.jpg', mtime: old } as StoredEntry, { key: 'ef/01/orphan.jpg', mtime: old } as StoredEntry]);
    const report = await sweepDebris({ storage, tmpDir, log, referencedKeys: async () => (reads++, new Set(['ab/cd/kept.jpg'])) });
    expect(reads).toBe(1);
    expect(storage.deleted).toEqual(['ef/01/orphan.jpg']);
    expect(report.orphans).toBe(1);
    await fs.rm(tmpDir, { recursive: true, force: true });
  });
});
