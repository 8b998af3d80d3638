import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as phone from '../../../tests/helpers/phone-samples';
import * as samples from '../../../tests/helpers/media-samples';
import { objectKeys } from '../../storage/file-objects';
import { createLocalStorage } from '../../storage/local-storage';
import type { Storage } from '../../storage/storage';
import type { FileRow } from './files.repo';
import { createRenditionService } from './rendition.service';
import { silentLog } from '../../../tests/helpers/silent-log';

// The `file.rendition` job against real ffmpeg and disk storage, with the row kept in memory.

let dir: samples.TempDir;
let storage: Storage;
beforeAll(async () => {
  dir = await samples.tempDir();
  storage = createLocalStorage(path.join(dir.dir, 'store'));
});
afterAll(() => dir.cleanup());

async function setUp(fixture: Promise<string>, over: Partial<FileRow> = {}) {
  const keyBase = `ab/cd/${crypto.randomUUID()}`;
  const storageKey = `${keyBase}_original.mov`;
  await storage.put(storageKey, await readFile(await fixture));
  const rows = new Map<number, Partial<FileRow>>([[1, { id: 1, kind: 'video', fileType: 'video/quicktime', keyBase, storageKey, renditionState: 'pending', renditionKey: null, ...over }]]);
  const updates: Partial<FileRow>[] = [];
  const files = {
    async findById(id: number) {
      return (rows.get(id) as FileRow) ?? null;
    },
    async update(id: number, values: Partial<FileRow>) {
      updates.push(values);
      const row = rows.get(id);
      if (!row) return undefined as unknown as FileRow;
      Object.assign(row, values);
      return row as FileRow;
    },
  };
  const tmpDir = path.join(dir.dir, 'tmp');
  const service = createRenditionService({ files, storage, tmpDir, mediaTimeoutMs: 60_000, log: silentLog });
  return { service, rows, updates, keyBase, tmpDir };
}

describe('rendition service', () => {
  it('stores the rendition, records it through the repository, and leaves no scratch folder', async () => {
    const { service, rows, updates, keyBase, tmpDir } = await setUp(phone.hevcMov(dir));
    expect(await service.makeRendition(1)).toBe('ready');
    const key = objectKeys(keyBase, '').rendition;
    expect(updates).toEqual([{ renditionKey: key, renditionState: 'ready' }]);
    expect(rows.get(1)?.renditionState).toBe('ready');
    expect((await storage.stat(key))?.size).toBeGreaterThan(1000);
    expect(await readdir(tmpDir)).toEqual([]);
    // A second delivery of the same job does nothing.
    expect(await service.makeRendition(1)).toBe('skipped');
    expect(updates).toHaveLength(1);
  });

  it('marks an unconvertible file failed at once, without throwing (so the queue does not retry)', async () => {
    const { service, rows, keyBase } = await setUp(phone.undecodableMov(dir));
    expect(await service.makeRendition(1)).toBe('failed');
    expect(rows.get(1)?.renditionState).toBe('failed');
    expect(await storage.stat(objectKeys(keyBase, '').rendition)).toBeNull();
  });

  it('throws storage errors for a retry, but on the last attempt marks the file failed', async () => {
    const { service, rows } = await setUp(phone.hevcMov(dir), { storageKey: 'ab/cd/missing_original.mov' });
    await expect(service.makeRendition(1, false)).rejects.toThrow();
    expect(rows.get(1)?.renditionState).toBe('pending');
    expect(await service.makeRendition(1, true)).toBe('failed');
    expect(rows.get(1)?.renditionState).toBe('failed');
  });

  it('deletes the rendition it made when the file was deleted meanwhile', async () => {
    const { rows, keyBase, tmpDir } = await setUp(phone.hevcMov(dir));
    const row = rows.get(1) as FileRow;
    // findById still saw the row; by the time ffmpeg is done, the update finds none.
    const racing = createRenditionService({
      files: { findById: async () => row, update: async () => undefined as unknown as FileRow },
      storage,
      tmpDir,
      mediaTimeoutMs: 60_000,
      log: silentLog,
    });
    expect(await racing.makeRendition(1)).toBe('skipped');
    expect(await storage.stat(objectKeys(keyBase, '').rendition)).toBeNull();
  });
});
