// Sample files made on the fly for the media tests, so no binary fixtures live in the repo.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { stripContainerMetadata } from '../../server/media/container-metadata';
import { runFfmpeg } from '../../server/media/ffmpeg';

export interface TempDir {
  dir: string;
  file(name: string, bytes?: Uint8Array): Promise<string>;
  cleanup(): Promise<void>;
}

/** A scratch folder under the system's temp folder, named from `prefix`; `cleanup` removes it. */
export async function tempDir(prefix = 'kaleido-media-test-'): Promise<TempDir> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return {
    dir,
    async file(name, bytes) {
      const target = path.join(dir, name);
      if (bytes) await writeFile(target, bytes);
      return target;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

// 2410/100 as two little-endian uint32: the seconds of the latitude written below. Its
// presence in a file means the GPS block survived.
export const GPS_MARKER = Buffer.from([0x6a, 0x09, 0, 0, 0x64, 0, 0, 0]);
export const CAMERA_MAKE = 'KaleidoTestCam';

/** 600×400 stored pixels with EXIF orientation 6 (display 400×600), camera make and a GPS position. */
export async function jpegWithExifAndGps(): Promise<Buffer> {
  return sharp(await noise(600, 400, 3))
    .withExif({
      IFD0: { Make: CAMERA_MAKE, Copyright: 'Test' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2410/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function pngWithAlpha(width = 320, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.3 } } })
    .png()
    .toBuffer();
}

export async function gif(width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#33aa55' } }).gif().toBuffer();
}

/** Two frames stacked vertically, written as an animated GIF. */
export async function animatedGif(width = 100, height = 60): Promise<Buffer> {
  const red = await sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).raw().toBuffer();
  const blue = await sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).raw().toBuffer();
  return sharp(Buffer.concat([red, blue]), { raw: { width, height: height * 2, channels: 3, pageHeight: height } })
    .gif({ loop: 0, delay: [200, 200] })
    .toBuffer();
}

export async function webp(width = 200, height = 150): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#884422' } }).webp().toBuffer();
}

/** A large, noisy photo-like JPEG: smooth colour blobs plus sensor-like grain, the worst case for compression. */
export async function largeNoisyJpeg(width: number, height: number, quality = 98): Promise<Buffer> {
  const blobs = await sharp(await noise(Math.round(width / 64), Math.round(height / 64), 3))
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = rawGrain(width * height * 3, 14);
  return sharp(blobs, { raw: { width, height, channels: 3 } })
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality })
    .toBuffer();
}

async function noise(width: number, height: number, channels: 3 | 4): Promise<Buffer> {
  return sharp({ create: { width, height, channels, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

// Uniform grain of ±amplitude/2 around mid-grey, from random bytes: libvips' gaussian noise
// takes seconds at 24 megapixels.
function rawGrain(length: number, amplitude: number): Buffer {
  const grain = randomBytes(length);
  for (let i = 0; i < length; i++) grain[i] = 128 - amplitude / 2 + (grain[i] % amplitude);
  return grain;
}

/** A PNG whose header declares `width`×`height` but carries almost no data: a decompression bomb. */
export function pngBomb(width = 30_000, height = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A one-page A4 PDF (595×842 pt) with text in a standard font and a filled rectangle. */
export async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Kaleido test page', { x: 50, y: 760, size: 32, font, color: rgb(0, 0, 0) });
  page.drawRectangle({ x: 50, y: 100, width: 300, height: 200, color: rgb(0.9, 0.1, 0.1) });
  return Buffer.from(await doc.save());
}

// Media made by the ffmpeg adapter from lavfi test sources, so codecs match real uploads.
export async function ffmpegSample(dir: TempDir, name: string, args: string[]): Promise<string> {
  const output = await dir.file(name);
  const { code, stderr } = await runFfmpeg(['-v', 'error', '-y', ...args, output]);
  if (code !== 0) throw new Error(`ffmpeg failed for ${name}: ${stderr}`);
  return output;
}

export const VIDEO_SOURCE = ['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10'];
export const AUDIO_SOURCE = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'];

/**
 * The bytes the app stores and serves for a video or audio upload at `filePath`: the same
 * streams without container metadata (docs/decisions/026). Stripping is repeatable: the app,
 * given these bytes, stores them unchanged.
 */
export async function asPublished(filePath: string, mime: string): Promise<Buffer> {
  const output = `${filePath}.published`;
  await stripContainerMetadata(filePath, mime, output);
  return readFile(output);
}

export async function readSample(filePath: string): Promise<Buffer> {
  return readFile(filePath);
}

export { ooxml, oleCompoundFile, zip } from './office-samples';
