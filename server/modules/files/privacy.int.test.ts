import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import * as samples from '../../../tests/helpers/media-samples';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { uploadOk } from '../../../tests/helpers/upload';

// Who sees what (decision 006): GPS never published, and a private file is 404 to anyone but its
// owner by every path, listed nowhere.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let owner: TestClient;
let other: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  [owner, other, visitor] = [t.client(), t.client(), t.client()];
  await signUp(owner);
  await signUp(other);
});

const upload = (c: TestClient, bytes: Buffer, filename: string, fields: Record<string, string> = {}) => uploadOk(c, bytes, filename, fields, 'image/jpeg');

async function bytesOf(c: TestClient, url: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(c.baseUrl + url, { headers: c.cookies.size ? { cookie: c.cookieHeader } : {} });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('GPS and EXIF never leave the server', () => {
  it('is absent from every served image of a photo that carried it', async () => {
    const source = await samples.jpegWithExifAndGps();
    expect(source.includes(samples.GPS_MARKER)).toBe(true);
    const file = await upload(owner, source, 'where-i-live.jpg');
    const opt = (await owner.get(`/api/files/${file.id}/optimization`)).body;
    const urls = [
      file.filePath,
      file.thumbnailPath,
      ...Object.values(opt.formats as Record<string, string>),
      `/api/files/${file.id}/content`,
      `/api/files/${file.id}/download`,
    ];
    // filePath and thumbnailPath are two of the formats: six distinct URLs.
    expect(new Set(urls).size).toBe(6);
    for (const url of new Set(urls)) {
      const { status, bytes } = await bytesOf(visitor, url);
      expect(status, url).toBe(200);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(bytes.includes(samples.GPS_MARKER), url).toBe(false);
      expect(bytes.includes(Buffer.from(samples.CAMERA_MAKE)), url).toBe(false);
      // Orientation is applied to the pixels, not left as a tag.
      expect(meta.orientation ?? 1, url).toBe(1);
      expect(meta.height! > meta.width!, url).toBe(true);
    }
  });
});

describe('a private file', () => {
  let file: any;
  let uploadUrls: string[];

  beforeAll(async () => {
    file = await upload(owner, await samples.jpegWithExifAndGps(), 'secret.jpg', { isPublic: 'false', tags: 'hidden' });
    expect(file.isPublic).toBe(false);
    await upload(other, await samples.gif(), 'public.gif');
    const opt = (await owner.get(`/api/files/${file.id}/optimization`)).body;
    uploadUrls = [...new Set([file.filePath, file.thumbnailPath, ...Object.values(opt.formats as Record<string, string>)])];
    expect(uploadUrls).toHaveLength(4);
    expect(uploadUrls.some((u) => u.includes('_thumb.webp'))).toBe(true);
  });

  const readPaths = (id: number) => [
    `/api/files/${id}`,
    `/api/files/${id}/content`,
    `/api/files/${id}/download`,
    `/api/files/${id}/optimization`,
    `/api/files/${id}/comments`,
  ];

  it('is served to its owner by every path', async () => {
    for (const url of [...readPaths(file.id), ...uploadUrls]) expect((await owner.get(url)).status, url).toBe(200);
    expect((await owner.post(`/api/files/${file.id}/like`)).status).toBe(200);
    expect((await owner.post(`/api/files/${file.id}/comments`, { content: 'mine' })).status).toBe(201);
  });

  it.each([
    ['another member', () => other],
    ['a signed-out visitor', () => visitor],
  ])('is 404 to %s on every read path, the stored objects and the thumbnail included', async (_who, who) => {
    for (const url of [...readPaths(file.id), ...uploadUrls]) {
      const res = await who().get(url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toEqual({ message: 'File not found' });
      expect(res.headers.get('content-type'), url).toMatch(/^application\/json/);
    }
  });

  it('answers another member exactly as a missing file would on every write path', async () => {
    const missing = 987_654;
    const writes = [
      (id: number) => other.post(`/api/files/${id}/like`),
      (id: number) => other.delete(`/api/files/${id}/like`),
      (id: number) => other.post(`/api/files/${id}/comments`, { content: 'hello' }),
      (id: number) => other.patch(`/api/files/${id}/tags`, { tags: ['mine'] }),
      (id: number) => other.delete(`/api/files/${id}`),
    ];
    for (const write of writes) {
      const [hidden, absent] = [await write(file.id), await write(missing)];
      expect(hidden.status).toBe(404);
      expect({ status: hidden.status, body: hidden.body }).toEqual({ status: absent.status, body: absent.body });
    }
    await t.app.views.flush();
    const seen = (await owner.get(`/api/files/${file.id}`)).body;
    expect(seen).toMatchObject({ likeCount: 1, commentCount: 1, viewCount: 0 });
    // Background tagging may add its own tags to an image; the other member's never land.
    expect(seen.tags).toContain('hidden');
    expect(seen.tags).not.toContain('mine');
  });

  it('answers a signed-out visitor on like as for a missing file (sign in first)', async () => {
    const [hidden, absent] = [await visitor.post(`/api/files/${file.id}/like`), await visitor.post('/api/files/987654/like')];
    expect(hidden.status).toBe(401);
    expect(hidden.body).toEqual(absent.body);
  });

  it('is in its owner feed only; never in the random feed or the slideshow', async () => {
    const ids = (res: { body: { id: number }[] }) => res.body.map((f) => f.id);
    expect(ids(await owner.get('/api/files?limit=100'))).toContain(file.id);
    const otherFeed = await other.get('/api/files?limit=100');
    expect(otherFeed.status).toBe(200);
    expect(ids(otherFeed)).not.toContain(file.id);
    expect(ids(otherFeed).length).toBeGreaterThan(0);
    for (const sortBy of ['random', 'newest', 'most_liked']) {
      for (const c of [other, visitor]) {
        const res = await c.get(`/api/files/random?sortBy=${sortBy}&limit=100`);
        expect(res.status).toBe(200);
        expect(ids(res)).not.toContain(file.id);
      }
    }
    const slides = await visitor.get('/api/slideshow/images');
    expect(slides.status).toBe(200);
    expect(slides.body.length).toBeGreaterThan(0);
    expect(ids(slides)).not.toContain(file.id);
    expect(JSON.stringify(slides.body)).not.toContain(file.filePath);
    expect((await visitor.get('/api/tags/random')).body).not.toContain('hidden');
  });
});
