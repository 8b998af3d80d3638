import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as samples from '../../tests/helpers/media-samples';
import { useTestApp } from '../../tests/helpers/test-app';
import { signUp } from '../../tests/helpers/test-client';
import { createStoredKeysRepo } from './stored-keys.repo';
import { storedFiles, upload as uploadFile, uploadAvatar } from '../../tests/helpers/upload';

// A crash leaves scratch folders, half-written and unreferenced objects; the next start removes them.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });

const HOUR_AGO = new Date(Date.now() - 60 * 60 * 1000);

async function plant(file: string, old = true): Promise<string> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, 'debris');
  if (old) await fs.utimes(file, HOUR_AGO, HOUR_AGO);
  return file;
}
async function age(p: string): Promise<void> {
  await fs.utimes(p, HOUR_AGO, HOUR_AGO);
}
const exists = (p: string) => fs.stat(p).then(() => true, () => false);

describe('start-up sweep', () => {
  it('removes temp folders, half-written objects and old orphans; keeps referenced and young objects', async () => {
    const c = t.client();
    await signUp(c);
    const upload = await uploadFile(c, await samples.pngWithAlpha(30, 20), 'kept.png', {}, 'image/png');
    expect(upload.status).toBe(201);
    expect((await uploadAvatar(c, await samples.pngWithAlpha(30, 30), 'a.png')).status).toBe(200);
    const kept = (await storedFiles(t.config.uploadsDir)).map((f) => path.join(t.config.uploadsDir, f));
    expect(kept.length).toBeGreaterThanOrEqual(3);
    for (const k of kept) await age(k);

    const { uploadsDir, tmpDir } = t.config;
    const tempFolder = path.join(tmpDir, 'kaleido-upload-AbC123');
    await plant(path.join(tempFolder, 'upload'));
    await age(tempFolder);
    const legacyTemp = path.join(os.tmpdir(), `kaleido-upload-sweeptest${process.pid}`);
    await plant(path.join(legacyTemp, 'upload'));
    await age(legacyTemp);
    const halfWritten = await plant(path.join(uploadsDir, 'ab', 'cd', '.abcd-uuid.jpg.0a1b2c3d4e5f.tmp'));
    const orphan = await plant(path.join(uploadsDir, 'ef', '01', 'ef01-orphan.jpg'));
    const orphanThumb = await plant(path.join(uploadsDir, 'thumbnails', 'ef', '01', 'ef01-orphan_thumb.webp'));
    const orphanAvatar = await plant(path.join(uploadsDir, 'avatars', 'abcdefghijklmnopqrstuvwx.webp'));
    const inFlight = await plant(path.join(uploadsDir, '12', '34', '1234-in-flight.jpg'), false);
    const inFlightTemp = path.join(tmpDir, 'kaleido-upload-young');
    await plant(path.join(inFlightTemp, 'upload'), false);

    // The next start of the app over the same data folder and database.
    const again = await t.startAgain();
    await again.close();

    for (const gone of [tempFolder, legacyTemp, halfWritten, orphan, orphanThumb, orphanAvatar]) expect(await exists(gone), gone).toBe(false);
    for (const stays of [...kept, inFlight, inFlightTemp]) expect(await exists(stays), stays).toBe(true);
    // And the kept file is still served.
    expect((await c.get(`/api/files/${upload.body.id}`)).status).toBe(200);
    const bytes = await fetch(t.url + upload.body.contentUrl, { headers: { cookie: c.cookieHeader } });
    expect(bytes.status).toBe(200);
  });

  it('reads the keys rows name page by page: every page, the last one short', async () => {
    const c = t.client();
    await signUp(c);
    for (const name of ['p1.png', 'p2.png', 'p3.png']) {
      expect((await uploadFile(c, await samples.pngWithAlpha(20, 20), name, {}, 'image/png')).status).toBe(201);
    }
    const whole = await createStoredKeysRepo(t.database.db, { pageSize: 100_000 }).referencedKeys();
    for (const pageSize of [1, 2, 3]) {
      const paged = await createStoredKeysRepo(t.database.db, { pageSize }).referencedKeys();
      expect([...paged].sort()).toEqual([...whole].sort());
    }
    expect(whole.size).toBeGreaterThanOrEqual(3 * 3);
  });
});
