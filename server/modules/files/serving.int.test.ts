import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index';
import * as samples from '../../../tests/helpers/media-samples';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { uploadOk } from '../../../tests/helpers/upload';

// How stored bytes are served: types, Range for seeking, download names, caching.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let dir: samples.TempDir;
let owner: TestClient;
let video: Buffer;
let clip: any;

beforeAll(async () => {
  dir = await samples.tempDir();
  owner = t.client();
  await signUp(owner);
  // As the app stores it (no container metadata), so served bytes compare with it exactly.
  video = await samples.asPublished(await samples.ffmpegSample(dir, 'clip.mp4', [...samples.VIDEO_SOURCE, '-c:v', 'libx264', '-pix_fmt', 'yuv420p']), 'video/mp4');
  clip = await upload(video, 'clip.mp4');
});
afterAll(async () => {
  await dir?.cleanup();
});

const upload = (bytes: Buffer, filename: string, fields: Record<string, string> = {}) => uploadOk(owner, bytes, filename, fields);

async function raw(url: string, headers: Record<string, string> = {}, c: TestClient = owner) {
  const res = await fetch(t.url + url, { headers: { ...(c.cookies.size ? { cookie: c.cookieHeader } : {}), ...headers } });
  return { res, bytes: Buffer.from(await res.clone().arrayBuffer()) };
}

describe('HTTP Range on a video', () => {
  it('serves the whole clip with its type, length and nosniff', async () => {
    const { res, bytes } = await raw(clip.contentUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Number(res.headers.get('content-length'))).toBe(video.length);
    expect(bytes.equals(video)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, -1],
    ['bytes=-50', -50, -1],
    ['bytes=1000-1000', 1000, 1000],
  ])('%s → 206 with the right Content-Range and bytes', async (range, from, to) => {
    const size = video.length;
    const start = from < 0 ? size + from : from;
    const end = to < 0 ? size - 1 : to;
    const { res, bytes } = await raw(clip.contentUrl, { range });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
    expect(Number(res.headers.get('content-length'))).toBe(end - start + 1);
    expect(bytes.equals(video.subarray(start, end + 1))).toBe(true);
  });

  it('clamps an end past the last byte', async () => {
    const { res, bytes } = await raw(clip.contentUrl, { range: `bytes=10-${video.length + 500}` });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 10-${video.length - 1}/${video.length}`);
    expect(bytes.length).toBe(video.length - 10);
  });

  it.each(['bytes=999999999-', 'bytes=50-10', 'bytes=abc', 'bytes=-', 'items=0-10'])('%s → 416 with bytes */size', async (range) => {
    const { res } = await raw(clip.contentUrl, { range });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${video.length}`);
    expect(await res.json()).toEqual({ message: 'Range not satisfiable' });
  });
});

describe('downloads keep the original name', () => {
  it('as an attachment, with an ASCII fallback and the exact UTF-8 name', async () => {
    const name = 'Fête à Noël – 日本 100%.pdf';
    const file = await upload(await samples.pdf(), name);
    expect(file.name).toBe(name);
    const { res } = await raw(file.downloadUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition.startsWith('attachment; ')).toBe(true);
    const ascii = /filename="([^"]*)"/.exec(disposition)![1];
    expect(ascii).toMatch(/^[\x20-\x7e]+\.pdf$/);
    const utf8 = /filename\*=UTF-8''([^;\s]+)/.exec(disposition)![1];
    expect(utf8).not.toMatch(/[^A-Za-z0-9%\-_.!~*'()]/);
    expect(decodeURIComponent(utf8)).toBe(name);
  });

  it('the content URL is inline, without a download name', async () => {
    const { res } = await raw(clip.contentUrl);
    expect(res.headers.get('content-disposition') ?? 'inline').not.toMatch(/attachment/);
  });
});

describe('stored bytes cannot run script on the app origin', () => {
  it('a PDF’s /content is inline with Content-Security-Policy: sandbox', async () => {
    const file = await upload(await samples.pdf(), 'actions.pdf');
    const { res } = await raw(file.contentUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    expect(res.headers.get('content-disposition') ?? 'inline').not.toMatch(/attachment/);
  });

  it('every stored object and download carries the sandbox, 304s included', async () => {
    const file = await upload(await samples.pdf(), 'preview.pdf');
    for (const url of [file.contentUrl, file.downloadUrl, file.posterPath, file.thumbnailPath, clip.contentUrl, clip.posterPath]) {
      const first = await raw(url);
      expect(first.res.headers.get('content-security-policy'), url).toBe('sandbox');
      const again = await raw(url, { 'if-none-match': first.res.headers.get('etag')! });
      expect(again.res.status, url).toBe(304);
      expect(again.res.headers.get('content-security-policy'), url).toBe('sandbox');
    }
  });
});

describe('downloads are named by the detected type', () => {
  async function savedAs(url: string): Promise<string> {
    const { res } = await raw(url);
    expect(res.status).toBe(200);
    return decodeURIComponent(/filename\*=UTF-8''([^;\s]+)/.exec(res.headers.get('content-disposition')!)![1]);
  }

  it('invoice.html whose bytes are a PDF downloads as invoice.pdf', async () => {
    const file = await upload(await samples.pdf(), 'invoice.html');
    expect(file.fileType).toBe('application/pdf');
    expect(await savedAs(file.downloadUrl)).toBe('invoice.pdf');
  });

  it('a name with no extension gets the type’s; another spelling of the same type is kept', async () => {
    expect(await savedAs((await upload(video, 'holiday')).downloadUrl)).toBe('holiday.mp4');
    expect(await savedAs((await upload(await samples.jpegWithExifAndGps(), 'photo.JPEG')).downloadUrl)).toBe('photo.JPEG');
    expect(await savedAs((await upload(await samples.gif(), 'anim.exe')).downloadUrl)).toBe('anim.gif');
  });
});

describe('caching', () => {
  it('public objects may sit in shared caches but revalidate on every use (ETag → 304), never immutable', async () => {
    const photo = await upload(await samples.jpegWithExifAndGps(), 'photo.jpg');
    for (const url of [photo.filePath, photo.thumbnailPath, clip.posterPath]) {
      const first = await raw(url, {}, t.client());
      expect(first.res.status, url).toBe(200);
      expect(first.res.headers.get('content-type'), url).toBe('image/webp');
      expect(first.res.headers.get('cache-control'), url).toBe('public, no-cache');
      const etag = first.res.headers.get('etag')!;
      expect(etag, url).toMatch(/^"[^"]+"$/);
      const again = await raw(url, { 'if-none-match': etag }, t.client());
      expect(again.res.status, url).toBe(304);
      expect(again.bytes.length, url).toBe(0);
      expect((await raw(url, { 'if-none-match': '"something-else"' }, t.client())).res.status, url).toBe(200);
    }
  });

  it('a private file’s objects and any /content are never cached by shared caches', async () => {
    const hidden = await upload(await samples.gif(), 'hidden.gif', { isPublic: 'false' });
    for (const url of [hidden.filePath, hidden.thumbnailPath, hidden.contentUrl, clip.contentUrl]) {
      const { res } = await raw(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe('private, no-cache');
    }
  });

  it('a public file made private stops being served at once: the revalidation answers 404, not 304', async () => {
    const photo = await upload(await samples.webp(), 'soon-private.webp');
    const visitor = t.client();
    const first = await raw(photo.thumbnailPath, {}, visitor);
    expect(first.res.status).toBe(200);
    const etag = first.res.headers.get('etag')!;
    await t.database.db.update(files).set({ isPublic: false }).where(eq(files.id, photo.id));
    expect((await raw(photo.thumbnailPath, { 'if-none-match': etag }, visitor)).res.status).toBe(404);
    expect((await raw(photo.thumbnailPath, { 'if-none-match': etag })).res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('the JPEG format is served as image/jpeg', async () => {
    const photo = await upload(await samples.pngWithAlpha(), 'alpha.png');
    const opt = (await owner.get(`/api/files/${photo.id}/optimization`)).body;
    expect((await raw(opt.formats.compressed)).res.headers.get('content-type')).toBe('image/jpeg');
    expect((await raw(opt.formats.original)).res.headers.get('content-type')).toBe('image/png');
  });

  it('an /uploads/ path that is not a stored key answers 404', async () => {
    // A client normalises `/uploads/../../etc/passwd` to `/etc/passwd`: a screen path, answered
    // with the app's page, never with the file.
    const normalised = await raw('/uploads/../../etc/passwd');
    expect(normalised.bytes.toString()).not.toContain('root:');
    for (const url of ['/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/ab/cd/not-a-key.webp', `${clip.posterPath}x`, clip.posterPath.replace('_poster', '_preview')]) {
      expect((await raw(url)).res.status, url).toBe(404);
    }
  });
});
