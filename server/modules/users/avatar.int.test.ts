import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { uploadAvatar } from '../../../tests/helpers/upload';

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });

/** A 640×480 photo carrying EXIF (camera make, copyright) as a phone would write it. */
async function photoWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .withExif({ IFD0: { Make: 'KaleidoTestCam', Copyright: 'Secret Owner' } })
    .jpeg()
    .toBuffer();
}

function upload(c: TestClient, bytes: Buffer, name = 'me.jpg', type = 'image/jpeg') {
  return uploadAvatar(c, bytes, name, type);
}

function storedPath(url: string): string {
  return path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(() => true, () => false);
}

describe('PUT /api/user/avatar', () => {
  it('stores a 256×256 WebP without EXIF and serves it with long-lived caching', async () => {
    const c = t.client();
    await signUp(c);
    const res = await upload(c, await photoWithExif());
    expect(res.status).toBe(200);
    expect(res.body.profileImageUrl).toMatch(/^\/uploads\/avatars\/[A-Za-z0-9_-]+\.webp$/);
    expect((await c.get('/api/user')).body.profileImageUrl).toBe(res.body.profileImageUrl);

    const served = await fetch(t.url + res.body.profileImageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('KaleidoTestCam'))).toBe(false);
    expect(bytes.includes(Buffer.from('Secret Owner'))).toBe(false);
  });

  it('replaces the avatar and deletes the old bytes', async () => {
    const c = t.client();
    await signUp(c);
    const first = await upload(c, await photoWithExif());
    const oldFile = storedPath(first.body.profileImageUrl);
    expect(await exists(oldFile)).toBe(true);
    const png = await sharp({ create: { width: 100, height: 300, channels: 4, background: '#3366ffaa' } }).png().toBuffer();
    const second = await upload(c, png, 'tall.png', 'image/png');
    expect(second.status).toBe(200);
    expect(second.body.profileImageUrl).not.toBe(first.body.profileImageUrl);
    expect(await exists(oldFile)).toBe(false);
    expect((await fetch(t.url + first.body.profileImageUrl)).status).toBe(404);
    expect(await exists(storedPath(second.body.profileImageUrl))).toBe(true);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const c = t.client();
    await signUp(c);
    const res = await upload(c, Buffer.alloc(6 * 1024 * 1024, 1), 'big.jpg');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Please select an image smaller than 5MB' });
  });

  it('refuses a text file named .png with 415, whatever the browser claims', async () => {
    const c = t.client();
    await signUp(c);
    const res = await upload(c, Buffer.from('this is plain text, not a picture\n'.repeat(20)), 'cat.png', 'image/png');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: 'Please select an image file' });
    expect((await c.get('/api/user')).body.profileImageUrl).toBeNull();
  });

  it('refuses a request without an avatar file', async () => {
    const c = t.client();
    await signUp(c);
    const picture = new FormData();
    picture.append('picture', new Blob([new Uint8Array(await photoWithExif())], { type: 'image/jpeg' }), 'me.jpg');
    const wrongField = await c.put('/api/user/avatar', picture);
    expect(wrongField.status).toBe(400);
    const json = await c.put('/api/user/avatar', { avatar: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe('Please select an image file');
  });
});

describe('DELETE /api/user/avatar', () => {
  it('removes the avatar and its bytes', async () => {
    const c = t.client();
    await signUp(c);
    const up = await upload(c, await photoWithExif());
    const file = storedPath(up.body.profileImageUrl);
    const res = await c.delete('/api/user/avatar');
    expect(res.status).toBe(200);
    expect(res.body.profileImageUrl).toBeNull();
    expect(await exists(file)).toBe(false);
    expect((await c.delete('/api/user/avatar')).status).toBe(200);
  });
});

describe('GET /uploads/avatars/:name', () => {
  it('answers a JSON 404 for a missing or malformed name', async () => {
    for (const name of ['AAAAAAAAAAAAAAAAAAAAAAAA.webp', '..%2F..%2Fsecret.webp', 'x.png']) {
      const res = await t.client().get(`/uploads/avatars/${name}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Not found' });
    }
  });
});

describe('PUT /api/user/avatar with a malformed body', () => {
  it('answers 400, not 500, for multipart without a boundary', async () => {
    const c = t.client();
    await signUp(c);
    const res = await c.request('PUT', '/api/user/avatar', undefined, { 'content-type': 'multipart/form-data' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });
});
