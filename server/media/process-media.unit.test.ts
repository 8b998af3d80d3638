import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createLocalStorage } from '../storage/local-storage';
import type { Storage } from '../storage/storage';
import { detectFileType } from './detect-type';
import { ImageTooLargeError, UnsupportedMediaError } from './media-errors';
import { processMedia, type MediaLogger, type MediaResult } from './process-media';
import * as samples from '../../tests/helpers/media-samples';

let dir: samples.TempDir;
let storage: Storage;
let storageRoot: string;
let logger: { warn: Mock<MediaLogger['warn']> };
let counter = 0;

beforeAll(async () => {
  dir = await samples.tempDir();
});
afterAll(() => dir.cleanup());
beforeEach(() => {
  storageRoot = path.join(dir.dir, `store-${++counter}`);
  storage = createLocalStorage(storageRoot);
  logger = { warn: vi.fn<MediaLogger['warn']>() };
});

async function run(name: string, bytesOrPath: Uint8Array | string): Promise<MediaResult> {
  const inputPath = typeof bytesOrPath === 'string' ? bytesOrPath : await dir.file(name, bytesOrPath);
  const type = await detectFileType(inputPath, name);
  if (!type) throw new Error(`sample ${name} was not detected`);
  return processMedia({ inputPath, kind: type.kind, mime: type.mime, storage, keyBase: 'ab/cd/sample', logger });
}

async function stored(key: string): Promise<Buffer> {
  return buffer(await storage.get(key));
}

async function expectStoredSizes(result: MediaResult) {
  for (const object of Object.values(result.derivatives)) {
    expect((await storage.stat(object.key))?.size).toBe(object.size);
    expect(object.size).toBeGreaterThan(0);
  }
}

async function listStored(): Promise<string[]> {
  return (await readdir(storageRoot, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storageRoot, path.join(entry.parentPath, entry.name)));
}

describe('processMedia', () => {
  it('stores a sanitized original, JPEG, WebP and thumbnail for a photo', async () => {
    const result = await run('photo.jpg', await samples.jpegWithExifAndGps());
    expect(result).toMatchObject({ width: 400, height: 600 });
    expect(result.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(Object.fromEntries(Object.entries(result.derivatives).map(([name, object]) => [name, object.key]))).toEqual({
      original: 'ab/cd/sample_original.jpg',
      compressed: 'ab/cd/sample.jpg',
      webp: 'ab/cd/sample.webp',
      thumbnail: 'thumbnails/ab/cd/sample_thumb.webp',
    });
    await expectStoredSizes(result);
    for (const object of Object.values(result.derivatives)) {
      const bytes = await stored(object.key);
      expect(bytes.includes(samples.GPS_MARKER)).toBe(false);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
    expect(await sharp(await stored('thumbnails/ab/cd/sample_thumb.webp')).metadata()).toMatchObject({ width: 400, height: 600 });
  });

  it('keeps an original without metadata byte for byte', async () => {
    const png = await samples.pngWithAlpha();
    const result = await run('alpha.png', png);
    expect(result.derivatives.original.key).toBe('ab/cd/sample_original.png');
    expect((await stored(result.derivatives.original.key)).equals(png)).toBe(true);
    expect(result).toMatchObject({ width: 320, height: 200 });
  });

  it('keeps an animated GIF animated and derives stills from its first frame', async () => {
    const result = await run('moving.gif', await samples.animatedGif());
    expect((await sharp(await stored(result.derivatives.original.key)).metadata()).pages).toBe(2);
    expect(await sharp(await stored(result.derivatives.webp!.key)).metadata()).toMatchObject({ width: 100, height: 60 });
  });

  it.each([
    ['clip.mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']],
    ['clip.webm', ['-c:v', 'libvpx', '-b:v', '300k']],
  ])('stores the original, a poster and a thumbnail for %s', async (name, codec) => {
    const file = await samples.ffmpegSample(dir, name, [...samples.VIDEO_SOURCE, ...codec]);
    const result = await run(name, file);
    expect(Math.abs(result.durationSeconds! - 2)).toBeLessThan(0.3);
    expect(result).toMatchObject({ width: 320, height: 240 });
    expect(Object.keys(result.derivatives).sort()).toEqual(['original', 'poster', 'thumbnail']);
    expect(result.derivatives.poster!.key).toBe('ab/cd/sample_poster.webp');
    await expectStoredSizes(result);
    expect(await sharp(await stored(result.derivatives.poster!.key)).metadata()).toMatchObject({ width: 320, height: 240 });
  });

  it('stores an audio file with its duration and nothing else', async () => {
    const file = await samples.ffmpegSample(dir, 'tone.ogg', [...samples.AUDIO_SOURCE, '-c:a', 'libvorbis']);
    const result = await run('tone.ogg', file);
    expect(Math.abs(result.durationSeconds! - 2)).toBeLessThan(0.3);
    expect(Object.keys(result.derivatives)).toEqual(['original']);
    expect(result.derivatives.original.key).toBe('ab/cd/sample_original.ogg');
  });

  it('stores a PDF with a first-page preview and thumbnail', async () => {
    const result = await run('doc.pdf', await samples.pdf());
    expect(result.derivatives.preview!.key).toBe('ab/cd/sample_preview.webp');
    expect(result.width! / result.height!).toBeCloseTo(595 / 842, 2);
    await expectStoredSizes(result);
    const preview = await sharp(await stored(result.derivatives.preview!.key)).metadata();
    expect(preview.width! / preview.height!).toBeCloseTo(595 / 842, 2);
  });

  it('keeps a PDF whose preview fails, and logs why', async () => {
    const result = await run('broken.pdf', Buffer.from('%PDF-1.4\n%%EOF garbage'));
    expect(Object.keys(result.derivatives)).toEqual(['original']);
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ keyBase: 'ab/cd/sample' }), expect.stringMatching(/PDF preview failed/));
  });

  it('stores documents without derivatives', async () => {
    const result = await run('word.docx', samples.ooxml('docx'));
    expect(result).toEqual({ derivatives: { original: { key: 'ab/cd/sample_original.docx', size: expect.any(Number) } } });
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('refuses an image that cannot be decoded and stores nothing', async () => {
    const inputPath = await dir.file('bad.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 1)]));
    await expect(processMedia({ inputPath, kind: 'image', mime: 'image/jpeg', storage, keyBase: 'ab/cd/bad', logger })).rejects.toBeInstanceOf(
      UnsupportedMediaError,
    );
    expect(await listStored()).toEqual([]);
  });

  it('refuses a decompression bomb and stores nothing', async () => {
    await expect(run('bomb.png', samples.pngBomb())).rejects.toBeInstanceOf(ImageTooLargeError);
    expect(await listStored()).toEqual([]);
  });

  it('leaves nothing stored when one write fails while others are still in flight', async () => {
    const real = storage;
    storage = {
      ...real,
      async put(key, body, opts) {
        if (key.endsWith('_thumb.webp')) throw new Error('disk full');
        // The other writes finish after the failure has been seen.
        await new Promise((r) => setTimeout(r, 100));
        return real.put(key, body, opts);
      },
    };
    await expect(run('photo.jpg', await samples.jpegWithExifAndGps())).rejects.toThrow('disk full');
    await new Promise((r) => setTimeout(r, 300));
    expect(await listStored()).toEqual([]);
  });

  it('refuses a kind that does not match the mime', async () => {
    const inputPath = await dir.file('x.pdf', await samples.pdf());
    await expect(processMedia({ inputPath, kind: 'image', mime: 'application/pdf', storage, keyBase: 'ab/cd/x' })).rejects.toBeInstanceOf(
      UnsupportedMediaError,
    );
  });
});
