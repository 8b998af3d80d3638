import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dominantColour } from './dominant-colour.ts';

const photos = path.resolve(__dirname, '../../../tests/fixtures/photos');

async function rgb(input: Buffer | string) {
  const { data, info } = await sharp(input).resize(256, 256, { fit: 'inside' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

async function sharpsDominant(pixels: { data: Uint8Array; width: number; height: number }) {
  return (await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } }).stats()).dominant;
}

describe('dominantColour', () => {
  it.each(readdirSync(photos).filter((f) => f.endsWith('.jpg')))('finds what sharp\'s stats() finds in %s', async (name) => {
    const pixels = await rgb(path.join(photos, name));
    expect(dominantColour(pixels)).toEqual(await sharpsDominant(pixels));
  });

  it('answers the centre of the fullest bin', async () => {
    // 70 % one teal, the rest a red: the teal's bin wins, whatever its exact shade in the bin.
    const data = new Uint8Array(100 * 3);
    for (let i = 0; i < 100; i++) data.set(i < 70 ? [20 + (i % 10), 130, 140 + (i % 5)] : [250, 10, 10], i * 3);
    const pixels = { data, width: 10, height: 10 };
    expect(dominantColour(pixels)).toEqual({ r: 24, g: 136, b: 136 });
    expect(dominantColour(pixels)).toEqual(await sharpsDominant(pixels));
  });
});
