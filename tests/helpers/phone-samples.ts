// What phones and cameras upload, made at test time (ffmpeg with libx265, libheif's heif-enc,
// sharp for AVIF), so no binary fixture lives in the repository and nothing is downloaded.
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { AUDIO_SOURCE, CAMERA_MAKE, ffmpegSample, type TempDir } from './media-samples';

/**
 * A picture whose orientation a test can check: left half red, right half blue, stored
 * `width`×`height`. Turned 90° anticlockwise (HEIF `irot` 1) the blue half is on top.
 */
export async function halvesPicture(width = 64, height = 48): Promise<Buffer> {
  const half = Math.round(width / 2);
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: { create: { width: width - half, height, channels: 3, background: '#0000ff' } }, left: half, top: 0 }])
    .png()
    .toBuffer();
}

/** Runs heif-enc (Debian's libheif-examples) on a JPEG or PNG; answers the HEIC's bytes. */
export async function heifEnc(dir: TempDir, name: string, input: Buffer, inputExt: 'jpg' | 'png', quality = 80): Promise<Buffer> {
  const source = await dir.file(`${name}-source.${inputExt}`, input);
  const output = await dir.file(name);
  await run('heif-enc', ['-q', String(quality), '-o', output, source]);
  return readFile(output);
}

/**
 * A HEIC as an iPhone writes one: the pixels stored sideways with an `irot` transform that
 * turns them upright (90° anticlockwise), an EXIF block with a camera make and a GPS position,
 * and EXIF orientation 6, which HEIF readers must ignore (the transform is the truth).
 * heif-enc 1.15 writes no `irot`, so the `pixi` property (16 bytes) is overwritten by a padded
 * `irot` of the same size: no offset in the file moves.
 */
export async function iphoneHeic(dir: TempDir, name = 'iphone.heic'): Promise<Buffer> {
  const stored = await sharp(await halvesPicture(96, 64))
    .withExif({
      IFD0: { Make: CAMERA_MAKE, Model: 'Test Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2410/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toBuffer();
  return withIrot(await heifEnc(dir, name, stored, 'jpg'), 1);
}

/** Replaces the `pixi` property with an `irot` of the same size (angle × 90° anticlockwise). */
export function withIrot(heic: Buffer, angle: 0 | 1 | 2 | 3): Buffer {
  const out = Buffer.from(heic);
  const at = out.indexOf('pixi', 0, 'latin1') - 4;
  if (at < 0 || out.readUInt32BE(at) !== 16) throw new Error('no 16-byte pixi property to replace');
  out.write('irot', at + 4, 'latin1');
  out.fill(0, at + 8, at + 16);
  out[at + 8] = angle;
  return out;
}

/** An AVIF (sharp's own encoder) of the halves picture, with EXIF orientation 1. */
export async function avif(width = 64, height = 48): Promise<Buffer> {
  return sharp(await halvesPicture(width, height)).avif({ quality: 60, effort: 0 }).toBuffer();
}

const HEVC_SOURCE = ['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=15'];
const X265_QUIET = ['-x265-params', 'log-level=error'];

/** An iPhone-like clip: HEVC + AAC in a QuickTime `.mov`, tagged `hvc1`, optionally rotated for display. */
export async function hevcMov(dir: TempDir, name = 'clip.mov', rotate?: 90 | -90): Promise<string> {
  const path = await ffmpegSample(dir, `${name}.raw.mov`, [
    ...HEVC_SOURCE, ...AUDIO_SOURCE, '-shortest', '-c:v', 'libx265', '-preset', 'ultrafast', ...X265_QUIET, '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mov',
  ]);
  if (!rotate) return ffmpegSample(dir, name, ['-i', path, '-c', 'copy', '-f', 'mov']);
  // The display matrix a phone writes when held upright: stored landscape, shown portrait.
  return ffmpegSample(dir, name, ['-i', path, '-c', 'copy', '-metadata:s:v:0', `rotate=${rotate}`, '-f', 'mov']);
}

/** An Android-like clip: HEVC + AAC in MP4 (what Firefox and most Chromium builds cannot play). */
export function hevcMp4(dir: TempDir, name = 'clip-hevc.mp4'): Promise<string> {
  return ffmpegSample(dir, name, [...HEVC_SOURCE, ...AUDIO_SOURCE, '-shortest', '-c:v', 'libx265', '-preset', 'ultrafast', ...X265_QUIET, '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mp4']);
}

/** H.264 + AAC in MP4: plays everywhere, needs no rendition. */
export function h264Mp4(dir: TempDir, name = 'clip-h264.mp4'): Promise<string> {
  return ffmpegSample(dir, name, [...HEVC_SOURCE, ...AUDIO_SOURCE, '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mp4']);
}

/** A screen recorder's Matroska: H.264 + Opus in `.mkv`. */
export function mkv(dir: TempDir, name = 'screen.mkv'): Promise<string> {
  return ffmpegSample(dir, name, [...HEVC_SOURCE, ...AUDIO_SOURCE, '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'libopus', '-f', 'matroska']);
}

/** An old phone's 3GP: H.263 + AAC at 176×144. */
export function threeGp(dir: TempDir, name = 'old-phone.3gp'): Promise<string> {
  return ffmpegSample(dir, name, ['-f', 'lavfi', '-i', 'testsrc=duration=2:size=176x144:rate=15', ...AUDIO_SOURCE, '-shortest', '-c:v', 'h263', '-c:a', 'aac', '-ar', '16000', '-ac', '1', '-f', '3gp']);
}

export function flac(dir: TempDir, name = 'song.flac'): Promise<string> {
  return ffmpegSample(dir, name, [...AUDIO_SOURCE, '-c:a', 'flac', '-f', 'flac']);
}

/** AAC in its raw ADTS stream, as voice recorders and some radios save it. */
export function adtsAac(dir: TempDir, name = 'voice.aac'): Promise<string> {
  return ffmpegSample(dir, name, [...AUDIO_SOURCE, '-c:a', 'aac', '-f', 'adts']);
}

/** Apple Lossless in an `.m4a`: accepted as M4A, but only Safari plays it, so it gets a rendition. */
export function alacM4a(dir: TempDir, name = 'lossless.m4a'): Promise<string> {
  return ffmpegSample(dir, name, [...AUDIO_SOURCE, '-c:a', 'alac', '-f', 'ipod']);
}

/** A QuickTime clip whose media data is zeroed: ffprobe reads its header, no frame decodes. */
export async function undecodableMov(dir: TempDir, name = 'broken.mov'): Promise<string> {
  const broken = Buffer.from(await readFile(await hevcMov(dir, `${name}.good.mov`)));
  const mdat = broken.indexOf('mdat', 0, 'latin1');
  broken.fill(0, mdat + 4, mdat - 4 + broken.readUInt32BE(mdat - 4));
  const target = await dir.file(name);
  await writeFile(target, broken);
  return target;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.slice(-500)}`))));
  });
}

/** The Eiffel Tower in ISO 6709, as an iPhone writes it; its presence in bytes means the location survived. */
export const ISO6709 = '+48.8584+002.2945+035.000/';
export const LATITUDE = '48.8584';
export const DEVICE_SERIAL = 'KLD-SERIAL-0042';

/**
 * The file at `source` with what phones write about where and on what it was recorded: the
 * QuickTime keys (`com.apple.quicktime.location.ISO6709`, make, model), `©xyz` (`location`),
 * and Matroska or ID3/Vorbis tags of the same values, per stream too.
 */
export function withLocation(dir: TempDir, source: string, name: string, muxer: string): Promise<string> {
  const keys = muxer === 'mov' ? ['-movflags', 'use_metadata_tags'] : [];
  return ffmpegSample(dir, name, [
    '-i', source, '-map', '0', '-c', 'copy', ...keys,
    '-metadata', `location=${ISO6709}`,
    '-metadata', `com.apple.quicktime.location.ISO6709=${ISO6709}`,
    '-metadata', 'com.apple.quicktime.make=Apple',
    '-metadata', `com.apple.quicktime.model=iPhone ${DEVICE_SERIAL}`,
    '-metadata', `comment=GPS ${ISO6709} ${DEVICE_SERIAL}`,
    '-metadata:s:0', `title=${ISO6709}`,
    '-f', muxer,
  ]);
}
