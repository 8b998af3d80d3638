import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAudio } from './audio';
import { runFfmpeg } from './ffmpeg';
import { parseProbe, probeMedia } from './ffprobe';
import { MediaTimeoutError, UnsupportedMediaError } from './media-errors';
import { runMediaProcess } from './media-process';
import * as samples from '../../tests/helpers/media-samples';
import { processVideo } from './video';

let dir: samples.TempDir;
beforeAll(async () => {
  dir = await samples.tempDir();
});
afterAll(() => dir.cleanup());

describe('ffprobe adapter', () => {
  it('reads streams, size and duration from the JSON output', () => {
    const probe = parseProbe(
      JSON.stringify({
        streams: [
          { codec_type: 'video', codec_name: 'hevc', pix_fmt: 'yuv420p10le', width: 1920, height: 1080, duration: '3.00' },
          { codec_type: 'audio', codec_name: 'aac', duration: '3.02' },
        ],
        format: { duration: '3.020000' },
      }),
    );
    expect(probe).toEqual({ durationSeconds: 3.02, hasVideo: true, hasAudio: true, width: 1920, height: 1080, videoCodec: 'hevc', pixelFormat: 'yuv420p10le', audioCodec: 'aac' });
  });

  it('does not take cover art for video, and falls back to stream durations', () => {
    const probe = parseProbe(
      JSON.stringify({ streams: [{ codec_type: 'audio', duration: '2.5' }, { codec_type: 'video', width: 300, height: 300, disposition: { attached_pic: 1 } }], format: {} }),
    );
    expect(probe).toEqual({ durationSeconds: 2.5, hasVideo: false, hasAudio: true, width: null, height: null, videoCodec: null, pixelFormat: null, audioCodec: null });
  });

  it('refuses output that is not JSON', () => {
    expect(() => parseProbe('Input #0, mov,mp4')).toThrow(UnsupportedMediaError);
  });

  it('refuses a file with no streams as an unsupported type', async () => {
    const junk = await dir.file('junk.mp4', Buffer.from('this is not a video at all'));
    await expect(probeMedia(junk, 'video/mp4')).rejects.toBeInstanceOf(UnsupportedMediaError);
  });

  it('refuses an MP4 whose container is cut off after its first box', async () => {
    const good = await samples.ffmpegSample(dir, 'whole.mp4', [...samples.VIDEO_SOURCE, '-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
    const bytes = await readFile(good);
    const truncated = await dir.file('truncated.mp4', bytes.subarray(0, 64));
    await expect(processVideo(truncated, 'video/mp4')).rejects.toBeInstanceOf(UnsupportedMediaError);
  });
});

describe('time limits', () => {
  it('kills a process that runs past its limit and rejects with a 422 error', async () => {
    const started = Date.now();
    // An endless generated source: runs until killed.
    const run = runMediaProcess('ffmpeg', ['-hide_banner', '-nostdin', '-f', 'lavfi', '-i', 'nullsrc=s=64x64', '-f', 'null', '-'], { timeoutMs: 300 });
    await expect(run).rejects.toBeInstanceOf(MediaTimeoutError);
    await expect(run).rejects.toMatchObject({ statusCode: 422 });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses a video whose processing needs longer than the limit', async () => {
    const file = await samples.ffmpegSample(dir, 'slow.mp4', [...samples.VIDEO_SOURCE, '-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
    await expect(processVideo(file, 'video/mp4', 1)).rejects.toBeInstanceOf(MediaTimeoutError);
  });

  it('kills a process whose output passes its cap', async () => {
    const run = runMediaProcess('ffmpeg', ['-hide_banner', '-nostdin', '-f', 'lavfi', '-i', 'nullsrc=s=64x64', '-f', 'rawvideo', 'pipe:1'], {
      timeoutMs: 10_000,
      maxStdoutBytes: 100_000,
    });
    await expect(run).rejects.toThrow(/printed more than/);
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
    const stated = await runMediaProcess('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', file], { timeoutMs: 10_000 });
    expect(JSON.parse(stated.stdout.toString()).format.duration).toBeUndefined();
    const probe = await probeMedia(file, 'audio/webm');
    expect(Math.abs(probe.durationSeconds! - 2)).toBeLessThan(0.3);
  });
});
