import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosine } from './embedding.ts';
import { isNearDuplicate, type ImageFingerprint } from './near-duplicate.ts';
import { createRecognizer, type Recognizer } from './recognizer.ts';

// The quality proof of visual fingerprints (decision 024): distinct real photos (tests/fixtures/photos) and variants of each made
// here with sharp — crops, resizes, colour shifts, re-encodes — fingerprinted by the real models.
const photos = path.resolve(import.meta.dirname, '../../../tests/fixtures/photos');

type Item = { photo: string; variant: string; fp: ImageFingerprint };

async function variantsOf(bytes: Buffer): Promise<[string, Buffer][]> {
  const { width: w = 0, height: h = 0 } = await sharp(bytes).metadata();
  const crop = (fraction: number, centred: boolean) => {
    const width = Math.round(w * (1 - fraction));
    const height = Math.round(h * (1 - fraction));
    const left = centred ? Math.round((w - width) / 2) : 0;
    const top = centred ? Math.round((h - height) / 2) : 0;
    return sharp(bytes).extract({ left, top, width, height });
  };
  const made: [string, Sharp][] = [
    ['crop 10 % centred', crop(0.1, true).jpeg()],
    ['crop 10 % corner', crop(0.1, false).jpeg()],
    ['crop 20 % centred', crop(0.2, true).jpeg()],
    ['half size', sharp(bytes).resize(Math.round(w / 2)).jpeg()],
    ['160 px PNG', sharp(bytes).resize(160).png()],
    ['double size WebP', sharp(bytes).resize(w * 2).webp()],
    ['hue +40°', sharp(bytes).modulate({ hue: 40 }).jpeg()],
    ['brighter', sharp(bytes).modulate({ brightness: 1.25 }).jpeg()],
    ['half saturation', sharp(bytes).modulate({ saturation: 0.5 }).jpeg()],
    ['warm tint', sharp(bytes).tint({ r: 255, g: 200, b: 150 }).jpeg()],
    ['JPEG quality 20', sharp(bytes).jpeg({ quality: 20 })],
    ['WebP quality 50', sharp(bytes).webp({ quality: 50 })],
  ];
  return Promise.all(made.map(async ([name, pipeline]) => [name, await pipeline.toBuffer()] as [string, Buffer]));
}

let recognizer: Recognizer;
const originals: Item[] = [];
const variants: Item[] = [];

beforeAll(async () => {
  recognizer = createRecognizer({ enabled: true });
  for (const photo of (await readdir(photos)).filter((f) => f.endsWith('.jpg'))) {
    const bytes = await readFile(path.join(photos, photo));
    originals.push({ photo, variant: 'original', fp: (await recognizer.analyze(bytes)).fingerprint });
    for (const [variant, made] of await variantsOf(bytes)) variants.push({ photo, variant, fp: (await recognizer.analyze(made)).fingerprint });
  }
}, 300_000);
afterAll(() => recognizer?.close());

describe('visual fingerprints (decision 024)', () => {
  it('gives every image a 256-number embedding and a 64-bit hash', () => {
    expect(originals.length).toBeGreaterThanOrEqual(6);
    for (const { fp } of [...originals, ...variants]) {
      expect(fp.embedding).toBeInstanceOf(Int8Array);
      expect(fp.embedding).toHaveLength(256);
      expect(fp.phash).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it("finds, as each variant's nearest neighbour, a variant of the same photo", () => {
    const all = [...originals, ...variants];
    const misses = all.flatMap((item) => {
      const nearest = all
        .filter((other) => other !== item)
        .reduce((best, other) => (cosine(item.fp.embedding!, other.fp.embedding!) > cosine(item.fp.embedding!, best.fp.embedding!) ? other : best));
      return nearest.photo === item.photo ? [] : [`${item.photo} (${item.variant}) → ${nearest.photo} (${nearest.variant})`];
    });
    expect(misses).toEqual([]);
  });

  it('flags at least 95 % of the variants as near-duplicates of their original', () => {
    const caught = variants.filter((v) => isNearDuplicate(originals.find((o) => o.photo === v.photo)!.fp, v.fp));
    expect(caught.length / variants.length).toBeGreaterThanOrEqual(0.95);
  });

  it('flags no distinct photo, whatever variants are compared', () => {
    const all = [...originals, ...variants];
    const flagged = all.flatMap((a) => all.filter((b) => b.photo !== a.photo && isNearDuplicate(a.fp, b.fp)).map((b) => `${a.photo} (${a.variant}) ~ ${b.photo} (${b.variant})`));
    expect(flagged).toEqual([]);
  });
});
