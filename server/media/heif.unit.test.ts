import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHeif } from './heif';
import { scrubHeifMetadata } from './heif-metadata';
import { ImageTooLargeError, MediaTimeoutError, UnsupportedMediaError } from './media-errors';
import * as phone from '../../tests/helpers/phone-samples';
import * as samples from '../../tests/helpers/media-samples';

let dir: samples.TempDir;
beforeAll(async () => {
  dir = await samples.tempDir();
});
afterAll(() => dir.cleanup());

async function colours(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y: number) => {
    const i = (y * info.width + Math.floor(info.width / 2)) * 3;
    return data[i + 2] > 150 && data[i] < 100 ? 'blue' : data[i] > 150 && data[i + 2] < 100 ? 'red' : 'other';
  };
  return { width: info.width, height: info.height, top: at(2), bottom: at(info.height - 3) };
}

describe('decodeHeif (libheif via heif-convert)', () => {
  it('decodes an iPhone HEIC upright: the irot applied, the EXIF orientation not applied again', async () => {
    const file = await dir.file('iphone.heic', await phone.iphoneHeic(dir));
    expect(await colours(await decodeHeif(file))).toEqual({ width: 64, height: 96, top: 'blue', bottom: 'red' });
  });

  it('refuses bytes that are no HEIF, and a header declaring more than 100 megapixels, before decoding', async () => {
    await expect(decodeHeif(await dir.file('fake.heic', Buffer.from('not a heic at all')))).rejects.toBeInstanceOf(UnsupportedMediaError);
    const bomb = Buffer.from(await phone.heifEnc(dir, 'small.heic', await phone.halvesPicture(), 'png'));
    // Every `ispe` (image spatial extent) property claims 20000×20000.
    for (let at = bomb.indexOf('ispe'); at !== -1; at = bomb.indexOf('ispe', at + 4)) {
      bomb.writeUInt32BE(20_000, at + 8);
      bomb.writeUInt32BE(20_000, at + 12);
    }
    await expect(decodeHeif(await dir.file('bomb.heic', bomb))).rejects.toBeInstanceOf(ImageTooLargeError);
  });

  it('is killed at the media time limit', async () => {
    const file = await dir.file('slow.heic', await phone.iphoneHeic(dir, 'slow.heic'));
    await expect(decodeHeif(file, 1)).rejects.toBeInstanceOf(MediaTimeoutError);
  });
});

describe('scrubHeifMetadata', () => {
  it('zeroes the camera and GPS of a HEIC in place: same length, same picture', async () => {
    const heic = await phone.iphoneHeic(dir, 'gps.heic');
    expect(heic.includes(samples.GPS_MARKER)).toBe(true);
    const clean = scrubHeifMetadata(heic)!;
    expect(clean.length).toBe(heic.length);
    expect(clean.includes(samples.GPS_MARKER)).toBe(false);
    expect(clean.includes(samples.CAMERA_MAKE)).toBe(false);
    expect((await sharp(clean).metadata()).exif).toBeUndefined();
    const before = await decodeHeif(await dir.file('before.heic', heic));
    const after = await decodeHeif(await dir.file('after.heic', clean));
    expect((await sharp(after).raw().toBuffer()).equals(await sharp(before).raw().toBuffer())).toBe(true);
  });

  it('does the same for an AVIF, and answers null for a file with nothing to remove', async () => {
    const avif = await sharp(await phone.halvesPicture())
      .withExif({ IFD0: { Make: samples.CAMERA_MAKE }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2410/100' } })
      .avif({ effort: 0 })
      .toBuffer();
    expect(avif.includes(samples.CAMERA_MAKE)).toBe(true);
    const clean = scrubHeifMetadata(avif)!;
    expect(clean.includes(samples.CAMERA_MAKE)).toBe(false);
    expect(clean.includes(samples.GPS_MARKER)).toBe(false);
    expect((await sharp(clean).metadata()).width).toBe(64);
    expect(scrubHeifMetadata(await phone.avif())).toBeNull();
  });

  it('refuses a file whose boxes do not parse', () => {
    const broken = Buffer.alloc(64);
    broken.writeUInt32BE(500, 0);
    broken.write('ftyp', 4, 'latin1');
    expect(() => scrubHeifMetadata(broken)).toThrow(UnsupportedMediaError);
  });
});
