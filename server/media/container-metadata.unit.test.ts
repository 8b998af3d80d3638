import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_SERIAL, hevcMov, LATITUDE, withLocation } from '../../tests/helpers/phone-samples';
import * as samples from '../../tests/helpers/media-samples';
import { stripContainerMetadata } from './container-metadata';
import { runMediaProcess } from './media-process';

// Video and audio originals lose their container metadata (location, device) and keep every
// stream's packets bit for bit (docs/decisions/026).

let dir: samples.TempDir;
beforeAll(async () => {
  dir = await samples.tempDir();
});
afterAll(() => dir.cleanup());

/** Each kept stream's packets hashed: equal hashes mean the pictures and sound were copied, not re-encoded. */
async function streamHashes(file: string): Promise<string> {
  const { code, stdout } = await runMediaProcess('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:V?', '-map', '0:a?', '-c', 'copy', '-f', 'streamhash', '-hash', 'md5', '-'], { timeoutMs: 30_000 });
  expect(code).toBe(0);
  return stdout.toString();
}

async function tagsOf(file: string): Promise<string> {
  const { stdout } = await runMediaProcess('ffprobe', ['-v', 'error', '-show_entries', 'format_tags:stream_tags:stream_side_data', '-of', 'json', file], { timeoutMs: 30_000 });
  return stdout.toString();
}

const video = ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', ...samples.AUDIO_SOURCE, '-shortest'];
const audio = [...samples.AUDIO_SOURCE, '-t', '1'];
const cases: [mime: string, muxer: string, source: string[]][] = [
  ['video/mp4', 'mp4', [...video, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac']],
  ['video/3gpp', '3gp', ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=176x144:rate=10', ...samples.AUDIO_SOURCE, '-shortest', '-c:v', 'h263', '-c:a', 'aac', '-ar', '16000', '-ac', '1']],
  ['video/x-matroska', 'matroska', [...video, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'libopus']],
  ['video/webm', 'webm', [...video, '-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus']],
  ['video/ogg', 'ogg', [...video, '-c:v', 'libtheora', '-c:a', 'libvorbis']],
  ['audio/mpeg', 'mp3', [...audio, '-c:a', 'libmp3lame']],
  ['audio/flac', 'flac', [...audio, '-c:a', 'flac']],
  ['audio/wav', 'wav', [...audio, '-c:a', 'pcm_s16le']],
  ['audio/ogg', 'ogg', [...audio, '-c:a', 'libvorbis']],
  ['audio/mp4', 'ipod', [...audio, '-c:a', 'alac']],
  ['audio/x-matroska', 'matroska', [...audio, '-c:a', 'libopus']],
];

describe('stripContainerMetadata', () => {
  it('an iPhone QuickTime clip: no location, make or model left; same packets; still turned upright', async () => {
    const located = await withLocation(dir, await hevcMov(dir, 'turned.mov', 90), 'located.mov', 'mov');
    const before = await readFile(located);
    expect(before.includes(LATITUDE)).toBe(true);
    expect(before.includes('com.apple.quicktime.location.ISO6709')).toBe(true);
    expect(before.includes(DEVICE_SERIAL)).toBe(true);
    const out = await dir.file('clean.mov');
    await stripContainerMetadata(located, 'video/quicktime', out);
    const after = await readFile(out);
    for (const s of [LATITUDE, 'ISO6709', '\u00a9xyz', DEVICE_SERIAL, 'com.apple.quicktime']) expect(after.includes(s), s).toBe(false);
    expect(await streamHashes(out)).toBe(await streamHashes(located));
    const rotation = (tags: string) => /"rotation": (-?\d+)/.exec(tags)?.[1];
    expect(rotation(await tagsOf(located))).toMatch(/^-?90$/);
    expect(rotation(await tagsOf(out))).toBe(rotation(await tagsOf(located)));
  }, 60_000);

  it.each(cases)('%s (%s): no tag of the source left, the same packets', async (mime, muxer, source) => {
    const plain = await samples.ffmpegSample(dir, `plain-${muxer}-${mime.replace('/', '-')}`, [...source, '-f', muxer]);
    const located = await withLocation(dir, plain, `located-${muxer}-${mime.replace('/', '-')}`, muxer);
    expect((await readFile(located)).includes(DEVICE_SERIAL), 'the sample carries the tags').toBe(true);
    const out = await dir.file(`clean-${muxer}-${mime.replace('/', '-')}`);
    await stripContainerMetadata(located, mime, out);
    const after = await readFile(out);
    expect(after.includes(LATITUDE)).toBe(false);
    expect(after.includes(DEVICE_SERIAL)).toBe(false);
    expect(await tagsOf(out)).not.toMatch(/location|comment|48\.8/i);
    expect(await streamHashes(out)).toBe(await streamHashes(located));
  }, 60_000);

  it('refuses (415) what ffmpeg cannot copy rather than keep its metadata', async () => {
    const junk = await dir.file('junk.mp4', Buffer.from('not a video at all'));
    await expect(stripContainerMetadata(junk, 'video/mp4', await dir.file('junk-out.mp4'))).rejects.toMatchObject({ statusCode: 415 });
  });
});
