import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as samples from '../../../tests/helpers/media-samples';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { storedFiles, upload as uploadFile } from '../../../tests/helpers/upload';

// Every accepted type, uploaded through the real route from a sample made here, with what the
// pipeline must leave on disk for it.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let dir: samples.TempDir;
let owner: TestClient;

beforeAll(async () => {
  dir = await samples.tempDir();
  owner = t.client();
  await signUp(owner);
});
afterAll(async () => {
  await dir?.cleanup();
});

/** Uploads and answers the response with the objects the upload added, by their role. */
async function upload(bytes: Buffer, filename: string) {
  const before = new Set(await storedFiles(t.config.uploadsDir));
  const res = await uploadFile(owner, bytes, filename, {}, 'application/octet-stream');
  const added = (await storedFiles(t.config.uploadsDir)).filter((k) => !before.has(k));
  const roles = added
    .map((k) => /(_original\.\w+|_thumb\.webp|_poster\.webp|_preview\.webp|\.jpg|\.webp)$/.exec(k)?.[1] ?? k)
    .map((s) => (s.startsWith('_original.') ? 'original' : s))
    .sort();
  return { res, added, roles };
}

const onDisk = (url: string) => path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));

async function ffmpegFile(name: string, args: string[]): Promise<Buffer> {
  return fs.readFile(await samples.ffmpegSample(dir, name, args));
}

describe('POST /api/files: images', () => {
  it.each([
    ['photo.jpg', 'image/jpeg', () => samples.jpegWithExifAndGps(), { width: 400, height: 600 }],
    ['alpha.png', 'image/png', () => samples.pngWithAlpha(), { width: 320, height: 200 }],
    ['still.gif', 'image/gif', () => samples.gif(), { width: 120, height: 80 }],
    ['picture.webp', 'image/webp', () => samples.webp(), { width: 200, height: 150 }],
  ] as const)('%s → 201 %s with original, JPEG, WebP and thumbnail on disk', async (name, mime, make, size) => {
    const { res, added, roles } = await upload(await make(), name);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fileType: mime, kind: 'image', name, isPublic: true, ...size, durationSeconds: null });
    expect(roles).toEqual(['.jpg', '.webp', '_thumb.webp', 'original']);
    expect(added.every((k) => !k.includes(name.split('.')[0]))).toBe(true);
    expect(res.body.filePath).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/);
    expect(res.body.thumbnailPath).toMatch(/^\/uploads\/thumbnails\/.+_thumb\.webp$/);
    expect(res.body.placeholder).toMatch(/^data:image\/webp;base64,/);
    const webp = await sharp(await fs.readFile(onDisk(res.body.filePath))).metadata();
    expect(webp).toMatchObject({ format: 'webp', ...size });
    const thumb = await sharp(await fs.readFile(onDisk(res.body.thumbnailPath))).metadata();
    expect(thumb.format).toBe('webp');
    expect(thumb.width).toBeLessThanOrEqual(400);
    if (mime === 'image/png') expect(webp.hasAlpha).toBe(true);
  });

  it('reports sizes and URLs of every format in /optimization', async () => {
    const { res } = await upload(await samples.jpegWithExifAndGps(), 'opt.jpg');
    const opt = await owner.get(`/api/files/${res.body.id}/optimization`);
    expect(opt.status).toBe(200);
    expect(opt.body).toMatchObject({ originalSize: res.body.size, width: 400, height: 600 });
    for (const k of ['compressed', 'webp', 'thumbnail', 'original'] as const) {
      const stat = await fs.stat(onDisk(opt.body.formats[k]));
      if (k !== 'original') expect(opt.body[`${k}Size`]).toBe(stat.size);
    }
  });
});

describe('POST /api/files: video, PDF, audio, documents', () => {
  it.each([
    ['clip.mp4', 'video/mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']],
    ['clip.webm', 'video/webm', ['-c:v', 'libvpx', '-b:v', '300k']],
  ])('%s → 201 %s with a poster, thumbnail, size and duration', async (name, mime, codec) => {
    const { res, roles } = await upload(await ffmpegFile(name, [...samples.VIDEO_SOURCE, ...codec]), name);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fileType: mime, kind: 'video', width: 320, height: 240 });
    expect(res.body.durationSeconds).toBeGreaterThan(1.7);
    expect(res.body.durationSeconds).toBeLessThan(2.3);
    expect(roles).toEqual(['_poster.webp', '_thumb.webp', 'original']);
    expect(res.body.posterPath).toMatch(/_poster\.webp$/);
    expect(res.body.filePath).toBe(`/api/files/${res.body.id}/content`);
    expect((await sharp(await fs.readFile(onDisk(res.body.posterPath))).metadata()).format).toBe('webp');
  });

  it('a PDF made with pdf-lib → 201 with a first-page preview', async () => {
    const { res, roles } = await upload(await samples.pdf(), 'report.pdf');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fileType: 'application/pdf', kind: 'pdf' });
    expect(roles).toEqual(['_preview.webp', '_thumb.webp', 'original']);
    expect(res.body.posterPath).toMatch(/_preview\.webp$/);
    const preview = await sharp(await fs.readFile(onDisk(res.body.posterPath))).metadata();
    expect(preview.format).toBe('webp');
    // A4 is portrait: the preview keeps the page's shape.
    expect(preview.height! / preview.width!).toBeCloseTo(842 / 595, 1);
  });

  it.each([
    ['tone.mp3', 'audio/mpeg', ['-c:a', 'libmp3lame']],
    ['tone.ogg', 'audio/ogg', ['-c:a', 'libvorbis']],
    ['tone.wav', 'audio/wav', ['-c:a', 'pcm_s16le']],
  ])('%s → 201 %s with its duration and only the original stored', async (name, mime, codec) => {
    const { res, roles } = await upload(await ffmpegFile(name, [...samples.AUDIO_SOURCE, ...codec]), name);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fileType: mime, kind: 'audio', thumbnailPath: null, posterPath: null });
    expect(Math.abs(res.body.durationSeconds - 2)).toBeLessThan(0.3);
    expect(roles).toEqual(['original']);
  });

  it.each([
    ['letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', () => samples.ooxml('docx')],
    ['sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', () => samples.ooxml('xlsx')],
    ['old.doc', 'application/msword', () => samples.oleCompoundFile('WordDocument')],
  ] as const)('%s → 201 %s, stored as sent', async (name, mime, make) => {
    const bytes = make();
    const { res, added } = await upload(bytes, name);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fileType: mime, kind: 'document', size: bytes.length, thumbnailPath: null, width: null });
    expect(added).toHaveLength(1);
    expect(await fs.readFile(path.join(t.config.uploadsDir, added[0]))).toEqual(bytes);
  });
});
