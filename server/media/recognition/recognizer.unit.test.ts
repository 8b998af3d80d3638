import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RecognitionTimeoutError,
  RecognitionUnavailableError,
  RecognitionWorkerCrashedError,
  UnsupportedImageError,
} from './errors.ts';
import { createRecognizer, type RecognitionResult, type Recognizer } from './recognizer.ts';

const PHOTOS = path.resolve(import.meta.dirname, '../../../tests/fixtures/photos');

function photo(name: string): Promise<Buffer> {
  return readFile(path.join(PHOTOS, name));
}

// COCO classes that would be false on the scene photos (the rocket scores `boat` ≈ 0.24).
const NO_OBJECT_PHOTOS = ['rocket-launch.jpg', 'hubble-deep-field.jpg', 'grass.jpg'];

// A 1×1 PNG whose header claims 20000×20000 pixels: a decompression bomb in 90 bytes.
async function pngBomb(): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#336699' } }).png().toBuffer();
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

const ALL_PHOTOS = ['chelsea-cat.jpg', 'coffee-cup.jpg', 'astronaut.jpg', ...NO_OBJECT_PHOTOS];

describe('createRecognizer (models loaded once for this file)', () => {
  let recognizer: Recognizer;
  // Each fixture is analysed once; the tests below read these results.
  const results = new Map<string, RecognitionResult>();

  beforeAll(async () => {
    recognizer = createRecognizer({ enabled: true });
    for (const name of ALL_PHOTOS) results.set(name, await recognizer.analyze(await photo(name)));
  }, 60_000);

  afterAll(async () => {
    await recognizer.close();
  });

  it('tags the cat photo `cat`', () => {
    const result = results.get('chelsea-cat.jpg')!;
    expect(result.tags).toContain('cat');
    expect(result.objects[0]).toMatchObject({ label: 'cat' });
    expect(result.tags).toEqual(expect.arrayContaining(['horizontal', 'brown']));
  });

  it('tags the coffee photo `cup`', () => {
    expect(results.get('coffee-cup.jpg')!.tags).toContain('cup');
  });

  it('tags the astronaut `person` and `square`', () => {
    expect(results.get('astronaut.jpg')!.tags).toEqual(expect.arrayContaining(['person', 'square']));
  });

  it.each(NO_OBJECT_PHOTOS)('finds no object in %s, only the model-free extras', (name) => {
    const result = results.get(name)!;
    expect(result.objects).toEqual([]);
    expect(result.tags).toHaveLength(2);
  });

  it.each(ALL_PHOTOS)('does not flag the safe photo %s NSFW', (name) => {
    const result = results.get(name)!;
    expect(result.isNsfw).toBe(false);
    expect(result.nsfwScore).toBeLessThan(0.1);
  });

  it.each(ALL_PHOTOS)('returns tags within the design limits for %s', (name) => {
    const { tags } = results.get(name)!;
    expect(tags.length).toBeLessThanOrEqual(20);
    for (const tag of tags) {
      expect(tag).toBe(tag.trim().toLowerCase());
      expect(tag.length).toBeGreaterThanOrEqual(1);
      expect(tag.length).toBeLessThanOrEqual(40);
    }
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('refuses a non-image buffer with UnsupportedImageError and keeps working', async () => {
    const refusal = recognizer.analyze(Buffer.from('%PDF-1.7 definitely not an image'));
    await expect(refusal).rejects.toBeInstanceOf(UnsupportedImageError);
    // The app's error handler answers AppErrors with their status: 415 for a non-image.
    await expect(refusal).rejects.toMatchObject({ statusCode: 415, code: 'unsupported-image' });
    await expect(recognizer.analyze(Buffer.alloc(0))).rejects.toBeInstanceOf(UnsupportedImageError);
    await expect(recognizer.analyze(await pngBomb())).rejects.toBeInstanceOf(UnsupportedImageError);
    expect((await recognizer.analyze(await photo('chelsea-cat.jpg'))).tags).toContain('cat');
  });

  it('frees its tensors: the count stays the same after more analyses', async () => {
    const before = await recognizer.memoryUsage();
    for (const name of ['chelsea-cat.jpg', 'rocket-launch.jpg']) await recognizer.analyze(await photo(name));
    const after = await recognizer.memoryUsage();
    expect(after?.numTensors).toBe(before?.numTensors);
    expect(after?.tensorBytes).toBe(before?.tensorBytes);
  });

  it('rejects the in-flight call when the worker dies and starts a fresh worker for the next', async () => {
    const inFlight = recognizer.analyze(await photo('coffee-cup.jpg'));
    const queued = recognizer.analyze(await photo('chelsea-cat.jpg'));
    await recognizer.terminateWorker();
    await expect(inFlight).rejects.toBeInstanceOf(RecognitionWorkerCrashedError);
    // The queued request was not sent to the dead worker: a fresh one answers it.
    expect((await queued).tags).toContain('cat');
    expect((await recognizer.analyze(await photo('coffee-cup.jpg'))).tags).toContain('cup');
  }, 60_000);
});

describe('createRecognizer limits', () => {
  it('rejects with RecognitionTimeoutError when the worker is too slow, then recovers', async () => {
    const recognizer = createRecognizer({ enabled: true, timeoutMs: 1 });
    try {
      // 1 ms is less than starting a worker takes, let alone loading the models.
      await expect(recognizer.analyze(await photo('grass.jpg'))).rejects.toBeInstanceOf(RecognitionTimeoutError);
    } finally {
      await recognizer.close();
    }
  });

  it('rejects calls after close()', async () => {
    const recognizer = createRecognizer({ enabled: true });
    await recognizer.close();
    await expect(recognizer.analyze(await photo('grass.jpg'))).rejects.toBeInstanceOf(RecognitionUnavailableError);
  });
});

describe('createRecognizer({ enabled: false }) (AUTOTAG=off)', () => {
  const recognizer = createRecognizer({ enabled: false });

  it('returns the model-free extras and starts no worker', async () => {
    const result = await recognizer.analyze(await photo('chelsea-cat.jpg'));
    // No model, no embedding: the hash alone still finds near-duplicates.
    expect(result).toEqual({ tags: ['horizontal', 'brown'], objects: [], isNsfw: false, nsfwScore: 0, fingerprint: { phash: expect.stringMatching(/^[0-9a-f]{16}$/), embedding: null } });
    expect(await recognizer.memoryUsage()).toBeNull();
  });

  it('reads orientation the way the photo is shown (EXIF rotation applied)', async () => {
    const rotated = await sharp(await photo('chelsea-cat.jpg')).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await recognizer.analyze(rotated)).tags).toContain('vertical');
  });

  it('refuses a non-image buffer', async () => {
    await expect(recognizer.analyze(Buffer.from('hello'))).rejects.toBeInstanceOf(UnsupportedImageError);
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    await expect(recognizer.analyze(await pngBomb())).rejects.toThrow('The image has too many pixels to analyse');
  });
});
