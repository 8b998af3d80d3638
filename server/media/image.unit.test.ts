import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_PIXELS, processImage, sanitizeOriginal } from './image';
import { ImageTooLargeError, UnsupportedMediaError } from './media-errors';
import * as samples from '../../tests/helpers/media-samples';

function expectNoMetadata(output: Buffer) {
  expect(output.includes(samples.GPS_MARKER)).toBe(false);
  expect(output.includes(Buffer.from(samples.CAMERA_MAKE))).toBe(false);
  expect(output.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
}

describe('processImage', () => {
  it('applies EXIF orientation and strips EXIF and GPS from every output', async () => {
    const input = await samples.jpegWithExifAndGps();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif).toBeDefined();
    expect(inputMeta.orientation).toBe(6);
    expect(input.includes(samples.GPS_MARKER)).toBe(true);

    const result = await processImage(input, { jpeg: true });
    expect({ width: result.width, height: result.height }).toEqual({ width: 400, height: 600 });
    for (const output of [result.compressed!, result.webp, result.thumbnail]) {
      const meta = await sharp(output).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.height).toBeGreaterThan(meta.width!);
      expectNoMetadata(output);
    }
    expect((await sharp(result.compressed!).metadata()).format).toBe('jpeg');
    expect((await sharp(result.webp).metadata()).format).toBe('webp');
    expect(await sharp(result.thumbnail).metadata()).toMatchObject({ format: 'webp', width: 400, height: 600 });
  });

  it('bounds the long side to 2048 px and the thumbnail to 400 px wide', async () => {
    const input = await samples.largeNoisyJpeg(3000, 1500, 80);
    const result = await processImage(input, { jpeg: true });
    expect(result).toMatchObject({ width: 3000, height: 1500 });
    expect(await sharp(result.compressed!).metadata()).toMatchObject({ width: 2048, height: 1024 });
    expect(await sharp(result.webp).metadata()).toMatchObject({ width: 2048, height: 1024 });
    expect(await sharp(result.thumbnail).metadata()).toMatchObject({ width: 400, height: 200 });
    expect(result.compressed!.length).toBeLessThan(input.length);
  });

  it('encodes an image that fits the thumbnail once: its display WebP is its thumbnail', async () => {
    const input = await samples.largeNoisyJpeg(240, 180, 80);
    const result = await processImage(input, { jpeg: true });
    expect(await sharp(result.webp).metadata()).toMatchObject({ format: 'webp', width: 240, height: 180 });
    expect(result.thumbnail.equals(result.webp)).toBe(true);
  });

  it('keeps transparency in WebP and flattens it on white in the JPEG', async () => {
    const result = await processImage(await samples.pngWithAlpha(), { jpeg: true });
    expect(await sharp(result.webp).metadata()).toMatchObject({ hasAlpha: true, width: 320, height: 200 });
    const jpeg = await sharp(result.compressed!).raw().toBuffer({ resolveWithObject: true });
    expect(jpeg.info.channels).toBe(3);
    // 30% blue over white: light, not the near-black a dropped alpha channel would give.
    expect(jpeg.data[0]).toBeGreaterThan(150);
  });

  it('makes a tiny WebP data-URL placeholder', async () => {
    const result = await processImage(await samples.webp(300, 100));
    expect(result.compressed).toBeUndefined();
    expect(result.placeholder).toMatch(/^data:image\/webp;base64,/);
    const tiny = Buffer.from(result.placeholder.split(',')[1], 'base64');
    expect(await sharp(tiny).metadata()).toMatchObject({ width: 16, height: 5 });
    expect(result.placeholder.length).toBeLessThan(400);
  });

  it('takes the first frame of an animated GIF', async () => {
    const result = await processImage(await samples.animatedGif(100, 60), { jpeg: true });
    expect(result).toMatchObject({ width: 100, height: 60 });
    const { data } = await sharp(result.compressed!).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red, the first frame
    expect(data[2]).toBeLessThan(60);
  });

  it('refuses a decompression bomb without decoding it', async () => {
    const bomb = samples.pngBomb(30_000, 30_000);
    expect(bomb.length).toBeLessThan(2000);
    const started = Date.now();
    const error = await processImage(bomb).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect((error as ImageTooLargeError).statusCode).toBe(413);
    expect((error as Error).message).toBe(`Image dimensions are too large (max ${MAX_INPUT_PIXELS / 1e6} megapixels)`);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses bytes that are not a decodable image', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const error = await processImage(broken).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnsupportedMediaError);
    expect((error as UnsupportedMediaError).statusCode).toBe(415);
  });
});

describe('sanitizeOriginal', () => {
  it('re-encodes a photo carrying EXIF: oriented, same format, no GPS', async () => {
    const clean = await sanitizeOriginal(await samples.jpegWithExifAndGps());
    expect(clean).not.toBeNull();
    const meta = await sharp(clean!).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 600 });
    expect(meta.exif).toBeUndefined();
    expectNoMetadata(clean!);
  });

  it('leaves an image without metadata alone', async () => {
    expect(await sanitizeOriginal(await samples.pngWithAlpha())).toBeNull();
    expect(await sanitizeOriginal(await samples.gif())).toBeNull();
  });
});
