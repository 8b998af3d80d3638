import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAudio } from './audio';
import { ffmpegPath, parseDuration, probeMedia, runFfmpeg } from './ffmpeg';
import * as samples from './test-support/samples';
import { processVideo } from './video';

let dir: samples.TempDir;
beforeAll(async () => {
  dir = await samples.tempDir();
});
afterAll(() => dir.cleanup());

describe('ffmpeg adapter', () => {
  it('finds an ffmpeg binary', () => {
    expect(ffmpegPath()).toMatch(/ffmpeg$/);
  });

  it('parses the Duration line of the banner', () => {
    expect(parseDuration('  Duration: 01:02:03.45, start: 0.000000, bitrate: 12 kb/s')).toBeCloseTo(3723.45, 2);
    expect(parseDuration('  Duration: N/A, bitrate: N/A')).toBeNull();
  });

  it('refuses to probe a file with no streams', async () => {
    const junk = await dir.file('junk.mp4', Buffer.from('this is not a video at all'));
    await expect(probeMedia(junk)).rejects.toThrow(/no streams/);
  });
});

describe('processVideo', () => {
  it.each([
    ['clip.mp4', 'video/mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']],
    ['clip.webm', 'video/webm', ['-c:v', 'libvpx', '-b:v', '300k']],
    ['clip.ogv', 'video/ogg', ['-c:v', 'libtheora']],
  ])('%s: duration, size and a poster with thumbnail', async (name, mime, codec) => {
    const file = await samples.ffmpegSample(dir, name, [...samples.VIDEO_SOURCE, ...codec]);
    const video = await processVideo(file, mime);
    expect(video.durationSeconds).toBeGreaterThan(1.7);
    expect(video.durationSeconds).toBeLessThan(2.3);
    expect({ width: video.width, height: video.height }).toEqual({ width: 320, height: 240 });
    expect(video.poster).not.toBeNull();
    expect(await sharp(video.poster!.webp).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(await sharp(video.poster!.thumbnail).metadata()).toMatchObject({ format: 'webp', width: 320 });
    expect(video.poster!.placeholder).toMatch(/^data:image\/webp;base64,/);
  });

  it('uses the first frame of a clip shorter than two seconds', async () => {
    const file = await samples.ffmpegSample(dir, 'short.mp4', [
      '-f', 'lavfi', '-i', 'testsrc=duration=0.5:size=160x120:rate=10', '-c:v', 'libx264', '-pix_fmt', 'yuv420p',
    ]);
    const video = await processVideo(file, 'video/mp4');
    expect(video.durationSeconds).toBeCloseTo(0.5, 0);
    expect(video.poster).not.toBeNull();
  });

  it('applies the rotation of a phone video to the poster', async () => {
    const upright = await samples.ffmpegSample(dir, 'upright.mp4', [...samples.VIDEO_SOURCE, '-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
    // The muxer only writes a display matrix when remuxing, as a phone's file would carry it.
    const file = await samples.ffmpegSample(dir, 'rotated.mp4', ['-i', upright, '-c', 'copy', '-metadata:s:v:0', 'rotate=90']);
    const video = await processVideo(file, 'video/mp4');
    expect({ width: video.width, height: video.height }).toEqual({ width: 240, height: 320 });
  });
});

describe('processAudio', () => {
  it.each([
    ['tone.mp3', 'audio/mpeg', ['-c:a', 'libmp3lame']],
    ['tone.ogg', 'audio/ogg', ['-c:a', 'libvorbis']],
    ['tone.wav', 'audio/wav', ['-c:a', 'pcm_s16le']],
    ['tone.m4a', 'audio/mp4', ['-c:a', 'aac']],
  ])('%s: duration within 0.3 s', async (name, mime, codec) => {
    const file = await samples.ffmpegSample(dir, name, [...samples.AUDIO_SOURCE, ...codec]);
    const { durationSeconds } = await processAudio(file, mime);
    expect(Math.abs(durationSeconds! - 2)).toBeLessThan(0.3);
  });

  it('decodes to find the duration when the container states none', async () => {
    // WebM written to a pipe cannot seek back to fill in its duration, like a browser recording.
    const streamed = await runFfmpeg(['-v', 'error', ...samples.AUDIO_SOURCE, '-c:a', 'libopus', '-f', 'webm', 'pipe:1']);
    const file = await dir.file('streamed.webm', streamed.stdout);
    expect(parseDuration((await runFfmpeg(['-i', file])).stderr)).toBeNull();
    const probe = await probeMedia(file, 'audio/webm');
    expect(Math.abs(probe.durationSeconds! - 2)).toBeLessThan(0.3);
  });
});
