import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { files } from '../db/schema/index';
import type { Recognizer } from '../media/recognition/recognizer';
import * as samples from '../../tests/helpers/media-samples';
import { startS3Server, type TestS3Server } from '../../tests/helpers/s3-server';
import { useTestApp } from '../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../tests/helpers/test-client';
import { fileObjects } from './file-objects';
import { createS3Storage } from './s3-storage';
import { avatarForm, storedFiles, uploadOk } from '../../tests/helpers/upload';

// The real app with STORAGE=s3 against s3rver on loopback: every byte goes to and comes from
// the bucket, nothing lands in DATA_DIR/uploads, and the access check still guards each byte.

let s3: TestS3Server;
let dir: samples.TempDir;
let owner: TestClient;
let stranger: TestClient;
const analyzed: Buffer[] = [];
const recognizer: Recognizer = {
  async analyze(image) {
    analyzed.push(image);
    return { tags: ['cat'], isNsfw: false, nsfwScore: 0, objects: [], fingerprint: { phash: '0000000000000000', embedding: null } };
  },
  async close() {},
  async memoryUsage() {
    return null;
  },
  async terminateWorker() {},
};

const t = useTestApp(async () => {
  [s3, dir] = await Promise.all([startS3Server(), samples.tempDir()]);
  return { env: { AUTH_RATE_LIMIT: '1000', ...s3.env }, deps: { recognizer }, cleanup: () => Promise.all([s3.stop(), dir.cleanup()]) };
});
beforeAll(async () => {
  owner = t.client();
  stranger = t.client();
  await signUp(owner);
  await signUp(stranger);
});

const upload = (bytes: Buffer, filename: string, fields: Record<string, string> = {}) => uploadOk(owner, bytes, filename, fields);

async function raw(url: string, c: TestClient | null = owner, headers: Record<string, string> = {}) {
  const res = await fetch(t.url + url, { headers: { ...(c?.cookies.size ? { cookie: c.cookieHeader } : {}), ...headers } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function keysOf(id: number): Promise<string[]> {
  const [row] = await t.database.db.select().from(files).where(eq(files.id, id));
  return fileObjects(row).map((o) => o.key).sort();
}

describe('STORAGE=s3 through the app', () => {
  it('stores an image and its derivatives in the bucket and serves them from it', async () => {
    const photo = await samples.jpegWithExifAndGps();
    const file = await upload(photo, 'photo.jpg');
    const keys = await keysOf(file.id);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    for (const key of keys) expect(await s3.keys(), key).toContain(key);
    expect(await storedFiles(t.config.uploadsDir)).toEqual([]);

    const content = await raw(file.contentUrl);
    expect(content.res.status).toBe(200);
    expect(content.res.headers.get('content-type')).toBe('image/jpeg');
    expect(Number(content.res.headers.get('content-length'))).toBe(content.bytes.length);
    // The original is stored without its GPS position.
    expect(content.bytes.includes(samples.GPS_MARKER)).toBe(false);
    expect((await sharp(content.bytes).metadata()).format).toBe('jpeg');

    const thumb = await raw(file.thumbnailPath, null);
    expect(thumb.res.status).toBe(200);
    expect(thumb.res.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(thumb.bytes).metadata()).format).toBe('webp');
    const etag = thumb.res.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await raw(file.thumbnailPath, null, { 'if-none-match': etag })).res.status).toBe(304);
  });

  it('stores a video and serves ranges of it, its poster and thumbnail', async () => {
    const video = await samples.asPublished(await samples.ffmpegSample(dir, 'clip.mp4', [...samples.VIDEO_SOURCE, '-c:v', 'libx264', '-pix_fmt', 'yuv420p']), 'video/mp4');
    const clip = await upload(video, 'clip.mp4');
    const whole = await raw(clip.contentUrl);
    expect(whole.res.status).toBe(200);
    expect(whole.res.headers.get('content-type')).toBe('video/mp4');
    expect(whole.bytes.equals(video)).toBe(true);

    for (const [range, start, end] of [['bytes=100-1099', 100, 1099], ['bytes=0-0', 0, 0], [`bytes=-10`, video.length - 10, video.length - 1]] as const) {
      const part = await raw(clip.contentUrl, owner, { range });
      expect(part.res.status, range).toBe(206);
      expect(part.res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${video.length}`);
      expect(Number(part.res.headers.get('content-length')), range).toBe(end - start + 1);
      expect(part.bytes.equals(video.subarray(start, end + 1)), range).toBe(true);
    }
    expect((await raw(clip.contentUrl, owner, { range: `bytes=${video.length}-` })).res.status).toBe(416);

    for (const url of [clip.posterPath, clip.thumbnailPath]) {
      const still = await raw(url);
      expect(still.res.status, url).toBe(200);
      expect((await sharp(still.bytes).metadata()).format, url).toBe('webp');
    }
  });

  it('serves a private file only to its owner: 404 to others on every path', async () => {
    const hidden = await upload(await samples.gif(), 'hidden.gif', { isPublic: 'false' });
    const urls = [hidden.contentUrl, hidden.downloadUrl, hidden.filePath, hidden.thumbnailPath];
    for (const url of urls) {
      expect((await raw(url)).res.status, url).toBe(200);
      expect((await raw(url, stranger)).res.status, url).toBe(404);
      expect((await raw(url, null)).res.status, url).toBe(404);
    }
  });

  it('deleting a file removes its objects from the bucket', async () => {
    const file = await upload(await samples.pngWithAlpha(60, 40), 'gone.png');
    const keys = await keysOf(file.id);
    for (const key of keys) expect(await s3.keys()).toContain(key);
    expect((await owner.delete(`/api/files/${file.id}`)).status).toBe(200);
    const left = await s3.keys();
    for (const key of keys) expect(left, key).not.toContain(key);
    expect((await raw(file.contentUrl)).res.status).toBe(404);
  });

  it('recognition reads the stored image from the bucket', async () => {
    // Cleared before the upload: its recognition job (picked up at once) or the analysis below,
    // whichever reads first, gets the bytes from the bucket.
    analyzed.length = 0;
    const file = await upload(await samples.jpegWithExifAndGps(), 'cat.jpg');
    const res = await owner.post(`/api/files/${file.id}/analyze-tags`);
    expect(res.status).toBe(200);
    expect(res.body.suggestedTags).toContain('cat');
    const compressed = (await owner.get(`/api/files/${file.id}/optimization`)).body.formats.compressed;
    const served = (await raw(compressed)).bytes;
    expect(analyzed.some((b) => b.equals(served))).toBe(true);
  });

  it('stores an avatar in the bucket, serves it, and deletes the old one on replace', async () => {
    const first = await owner.put('/api/user/avatar', avatarForm(await samples.pngWithAlpha(300, 300)));
    expect(first.status).toBe(200);
    const firstKey = first.body.profileImageUrl.replace(/^\/uploads\//, '');
    expect(await s3.keys()).toContain(firstKey);
    const served = await raw(first.body.profileImageUrl, null);
    expect(served.res.status).toBe(200);
    expect(served.res.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const second = await owner.put('/api/user/avatar', avatarForm(await samples.webp(300, 300)));
    expect(second.status).toBe(200);
    const keys = await s3.keys();
    expect(keys).toContain(second.body.profileImageUrl.replace(/^\/uploads\//, ''));
    expect(keys).not.toContain(firstKey);
    expect((await raw(first.body.profileImageUrl, null)).res.status).toBe(404);
  });

  it('the start-up sweep removes old unreferenced objects from the bucket and keeps referenced and young ones', async () => {
    const kept = await upload(await samples.webp(40, 40), 'kept.webp');
    const storage = createS3Storage(s3.settings);
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const orphans = ['ef/01/ef01-orphan.jpg', 'thumbnails/ef/01/ef01-orphan_thumb.webp', 'avatars/abcdefghijklmnopqrstuvwx.webp'];
    const young = '12/34/1234-in-flight.jpg';
    try {
      for (const key of [...orphans, young]) await storage.put(key, Buffer.from('debris'));
    } finally {
      await storage.close();
    }
    const referenced = await s3.keys();
    for (const key of [...referenced, ...orphans]) if (key !== young) await s3.setModified(key, hourAgo);
    // Scratch space stays on this machine's disk whatever the storage: still swept there.
    const scratch = path.join(t.config.tmpDir, 'kaleido-upload-AbC123');
    await fs.mkdir(scratch, { recursive: true });
    await fs.utimes(scratch, hourAgo, hourAgo);

    // The next start of the app over the same bucket and database.
    const again = await t.startAgain();
    await again.close();

    const left = await s3.keys();
    for (const key of orphans) expect(left, key).not.toContain(key);
    for (const key of [...(await keysOf(kept.id)), young]) expect(left, key).toContain(key);
    expect(await fs.stat(scratch).then(() => true, () => false)).toBe(false);
    expect((await raw(kept.contentUrl)).res.status).toBe(200);
  });
});
