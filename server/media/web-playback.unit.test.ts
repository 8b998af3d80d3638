import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia, type MediaProbe } from './ffprobe';
import * as phone from '../../tests/helpers/phone-samples';
import * as samples from '../../tests/helpers/media-samples';
import { makeRendition, playsInBrowsers, renditionArgs } from './web-playback';

let dir: samples.TempDir;
beforeAll(async () => {
  dir = await samples.tempDir();
});
afterAll(() => dir.cleanup());

const probe = (over: Partial<MediaProbe>): MediaProbe => ({
  durationSeconds: 2,
  hasVideo: true,
  hasAudio: true,
  width: 1920,
  height: 1080,
  videoCodec: 'h264',
  pixelFormat: 'yuv420p',
  audioCodec: 'aac',
  ...over,
});
const audioOnly = (audioCodec: string) => probe({ hasVideo: false, videoCodec: null, pixelFormat: null, width: null, height: null, audioCodec });

describe('playsInBrowsers', () => {
  it.each([
    ['video/mp4', probe({}), true],
    ['video/mp4', probe({ hasAudio: false, audioCodec: null }), true],
    ['video/mp4', probe({ videoCodec: 'hevc' }), false],
    ['video/mp4', probe({ pixelFormat: 'yuv420p10le' }), false],
    ['video/mp4', probe({ audioCodec: 'alac' }), false],
    ['video/webm', probe({ videoCodec: 'vp9', audioCodec: 'opus' }), true],
    ['video/webm', probe({ videoCodec: 'av1', audioCodec: 'vorbis' }), true],
    ['video/webm', probe({ videoCodec: 'h264', audioCodec: 'opus' }), false],
    ['video/quicktime', probe({}), false],
    ['video/x-matroska', probe({}), false],
    ['video/3gpp', probe({ videoCodec: 'h263' }), false],
    ['video/ogg', probe({ videoCodec: 'theora', audioCodec: 'vorbis' }), false],
    ['audio/mpeg', audioOnly('mp3'), true],
    ['audio/mp4', audioOnly('aac'), true],
    ['audio/mp4', audioOnly('alac'), false],
    ['audio/aac', audioOnly('aac'), true],
    ['audio/flac', audioOnly('flac'), true],
    ['audio/ogg', audioOnly('opus'), true],
    ['audio/wav', audioOnly('pcm_s16le'), true],
    ['audio/wav', audioOnly('adpcm_ima_wav'), false],
    ['audio/x-matroska', audioOnly('flac'), false],
    ['audio/3gpp', audioOnly('amr_nb'), false],
  ] as const)('%s with %o → %s', (mime, codecs, plays) => {
    expect(playsInBrowsers(mime, codecs)).toBe(plays);
  });
});

describe('renditionArgs', () => {
  it('only moves browser H.264 within 1080p into MP4; re-encodes anything else at most 1080p', () => {
    const copy = renditionArgs('in.mov', 'video/quicktime', 'video', probe({}), 'out.mp4');
    expect(copy.join(' ')).toContain('-c:v copy');
    expect(copy.join(' ')).toContain('-c:a copy');
    expect(copy.join(' ')).toContain('-movflags +faststart');
    const big = renditionArgs('in.mov', 'video/quicktime', 'video', probe({ width: 3840, height: 2160 }), 'out.mp4').join(' ');
    expect(big).toContain('-c:v libx264');
    expect(big).toContain('1920/max(iw');
    expect(big).toContain('1080/min(iw');
    const hevc = renditionArgs('in.mp4', 'video/mp4', 'video', probe({ videoCodec: 'hevc', audioCodec: 'opus' }), 'out.mp4').join(' ');
    expect(hevc).toContain('-pix_fmt yuv420p');
    expect(hevc).toContain('-c:a aac');
    // The demuxer stays forced to the detected type and only local files may be opened.
    expect(hevc).toContain('-protocol_whitelist file -f mov -i in.mp4');
  });
});

describe('makeRendition', () => {
  it('turns 4K HEVC into H.264 within 1080p, and keeps a portrait clip upright', async () => {
    const uhd = await samples.ffmpegSample(dir, 'uhd.mov', ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=2560x1440:rate=5', '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', '-f', 'mov']);
    const out = path.join(dir.dir, 'uhd.web.mp4');
    expect(await makeRendition(uhd, 'video/quicktime', 'video', out)).toEqual({ ok: true });
    expect(await probeMedia(out, 'video/mp4')).toMatchObject({ videoCodec: 'h264', pixelFormat: 'yuv420p', width: 1920, height: 1080, hasAudio: false });

    const portrait = await phone.hevcMov(dir, 'portrait.mov', 90);
    const upright = path.join(dir.dir, 'portrait.web.mp4');
    expect(await makeRendition(portrait, 'video/quicktime', 'video', upright)).toEqual({ ok: true });
    expect(await probeMedia(upright, 'video/mp4')).toMatchObject({ width: 240, height: 320, audioCodec: 'aac' });
  });

  it('writes no tag of the source: an original stored with its location gives a rendition without it', async () => {
    const located = await phone.withLocation(dir, await phone.hevcMov(dir, 'located-src.mov'), 'located.mov', 'mov');
    expect((await readFile(located)).includes(phone.LATITUDE)).toBe(true);
    for (const kind of ['video', 'audio'] as const) {
      const out = path.join(dir.dir, `located.${kind}.web.mp4`);
      expect(await makeRendition(located, 'video/quicktime', kind, out)).toEqual({ ok: true });
      const bytes = await readFile(out);
      for (const s of [phone.LATITUDE, phone.DEVICE_SERIAL, 'com.apple.quicktime', '\u00a9xyz']) expect(bytes.includes(s), `${kind}: ${s}`).toBe(false);
    }
  });

  it('answers not ok, without throwing, for a clip that does not decode or runs out of time', async () => {
    const broken = await phone.undecodableMov(dir);
    const outcome = await makeRendition(broken, 'video/quicktime', 'video', path.join(dir.dir, 'broken.web.mp4'));
    expect(outcome.ok).toBe(false);
    const slow = await makeRendition(await phone.hevcMp4(dir), 'video/mp4', 'video', path.join(dir.dir, 'slow.web.mp4'), 1);
    expect(slow).toMatchObject({ ok: false, reason: expect.stringContaining('ran past') });
  });
});
