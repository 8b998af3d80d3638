import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPTED_TYPES, detectBufferType, detectFileType } from './detect-type';
import * as phone from '../../tests/helpers/phone-samples';
import * as samples from '../../tests/helpers/media-samples';

let dir: samples.TempDir;
beforeAll(async () => {
  dir = await samples.tempDir();
});
afterAll(() => dir.cleanup());

async function detect(name: string, bytes: Uint8Array, declaredName = name) {
  const fromFile = await detectFileType(await dir.file(name, bytes), declaredName);
  // Both entry points must agree.
  expect(await detectBufferType(bytes, declaredName)).toEqual(fromFile);
  return fromFile;
}

describe('detectFileType: accepted by their bytes', () => {
  it.each([
    ['photo.jpg', () => samples.jpegWithExifAndGps(), 'image/jpeg', 'jpg', 'image'],
    ['alpha.png', () => samples.pngWithAlpha(), 'image/png', 'png', 'image'],
    ['still.gif', () => samples.gif(), 'image/gif', 'gif', 'image'],
    ['moving.gif', () => samples.animatedGif(), 'image/gif', 'gif', 'image'],
    ['pic.webp', () => samples.webp(), 'image/webp', 'webp', 'image'],
    ['doc.pdf', () => samples.pdf(), 'application/pdf', 'pdf', 'pdf'],
    ['word.docx', async () => samples.ooxml('docx'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx', 'document'],
    ['sheet.xlsx', async () => samples.ooxml('xlsx'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx', 'document'],
    ['legacy.doc', async () => samples.oleCompoundFile('WordDocument'), 'application/msword', 'doc', 'document'],
    ['legacy.xls', async () => samples.oleCompoundFile('Workbook'), 'application/vnd.ms-excel', 'xls', 'document'],
  ])('%s', async (name, make, mime, ext, kind) => {
    expect(await detect(name, await make())).toEqual({ mime, ext, kind });
  });

  it('ignores a misleading name: a PNG called .jpg is a PNG', async () => {
    expect((await detect('lies.jpg', await samples.pngWithAlpha()))?.mime).toBe('image/png');
  });

  it('tells doc from xls by the OLE stream names, not the name', async () => {
    expect((await detect('wrong.xls', samples.oleCompoundFile('WordDocument')))?.ext).toBe('doc');
    expect((await detect('wrong.doc', samples.oleCompoundFile('Workbook')))?.ext).toBe('xls');
  });

  it('falls back to the declared doc/xls extension only when the OLE directory is unreadable', async () => {
    const header = samples.oleCompoundFile('WordDocument', true);
    expect((await detect('short.doc', header))?.ext).toBe('doc');
    expect((await detect('short.xls', header))?.ext).toBe('xls');
    expect(await detect('short.jpg', header)).toBeNull();
  });

  it('refuses other OLE files (e.g. PowerPoint) even when named .doc', async () => {
    expect(await detect('slides.doc', samples.oleCompoundFile('PowerPoint Document'))).toBeNull();
  });
});

describe('detectFileType: refused', () => {
  it.each([
    ['an .exe renamed .jpg', 'setup.jpg', Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(504)])],
    ['HTML named .png', 'page.png', Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>')],
    ['SVG', 'icon.svg', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
    ['plain text', 'notes.txt', Buffer.from('just some words\nand another line\n')],
    ['a plain zip', 'archive.zip', samples.zip([['a.txt', 'hello']])],
    ['an empty file', 'empty.jpg', Buffer.alloc(0)],
  ])('%s', async (_label, name, bytes) => {
    expect(await detect(name, bytes)).toBeNull();
  });
});

describe('detectFileType: audio and video decided by content', () => {
  it.each([
    ['clip.mp4', [...samples.VIDEO_SOURCE, '-c:v', 'libx264', '-pix_fmt', 'yuv420p'], 'video/mp4', 'video'],
    ['clip.webm', [...samples.VIDEO_SOURCE, '-c:v', 'libvpx', '-b:v', '200k'], 'video/webm', 'video'],
    ['clip.ogv', [...samples.VIDEO_SOURCE, '-c:v', 'libtheora'], 'video/ogg', 'video'],
    ['tone.mp3', [...samples.AUDIO_SOURCE, '-c:a', 'libmp3lame'], 'audio/mpeg', 'audio'],
    ['tone.ogg', [...samples.AUDIO_SOURCE, '-c:a', 'libvorbis'], 'audio/ogg', 'audio'],
    ['tone.opus', [...samples.AUDIO_SOURCE, '-c:a', 'libopus', '-f', 'ogg'], 'audio/ogg', 'audio'],
    ['tone.wav', [...samples.AUDIO_SOURCE, '-c:a', 'pcm_s16le'], 'audio/wav', 'audio'],
    ['tone.m4a', [...samples.AUDIO_SOURCE, '-c:a', 'aac'], 'audio/mp4', 'audio'],
    // An audio-only MP4 container (brand isom) is still audio; an .ogg with Theora is video.
    ['tone-in.mp4', [...samples.AUDIO_SOURCE, '-c:a', 'aac', '-f', 'mp4'], 'audio/mp4', 'audio'],
    ['film.ogg', [...samples.VIDEO_SOURCE, ...samples.AUDIO_SOURCE, '-map', '1:a', '-map', '0:v', '-c:v', 'libtheora', '-c:a', 'libvorbis', '-f', 'ogg'], 'video/ogg', 'video'],
    ['voice.webm', [...samples.AUDIO_SOURCE, '-c:a', 'libopus'], 'audio/webm', 'audio'],
  ])('%s', async (name, args, mime, kind) => {
    const file = await samples.ffmpegSample(dir, name, args);
    const detected = await detectFileType(file, name);
    expect(detected).toMatchObject({ mime, kind });
    expect(await detectBufferType(await samples.readSample(file))).toEqual(detected);
  });
});

describe('detectFileType: what phones upload (decision 020)', () => {
  it.each([
    ['iphone.heic', () => phone.iphoneHeic(dir).then((b) => dir.file('iphone.heic', b)), 'image/heic', 'heic', 'image'],
    ['photo.avif', () => phone.avif().then((b) => dir.file('photo.avif', b)), 'image/avif', 'avif', 'image'],
    ['clip.mov', () => phone.hevcMov(dir), 'video/quicktime', 'mov', 'video'],
    ['hevc.mp4', () => phone.hevcMp4(dir), 'video/mp4', 'mp4', 'video'],
    ['screen.mkv', () => phone.mkv(dir), 'video/x-matroska', 'mkv', 'video'],
    ['old.3gp', () => phone.threeGp(dir), 'video/3gpp', '3gp', 'video'],
    ['song.flac', () => phone.flac(dir), 'audio/flac', 'flac', 'audio'],
    ['voice.aac', () => phone.adtsAac(dir), 'audio/aac', 'aac', 'audio'],
    ['voice.mka', () => samples.ffmpegSample(dir, 'voice.mka', [...samples.AUDIO_SOURCE, '-c:a', 'flac', '-f', 'matroska']), 'audio/x-matroska', 'mka', 'audio'],
    ['memo.3gp', () => samples.ffmpegSample(dir, 'memo.3gp', [...samples.AUDIO_SOURCE, '-c:a', 'aac', '-f', '3gp']), 'audio/3gpp', '3ga', 'audio'],
  ])('%s', async (name, make, mime, ext, kind) => {
    const file = await make();
    const detected = await detectFileType(file, name);
    expect(detected).toEqual({ mime, ext, kind });
    expect(await detectBufferType(await samples.readSample(file))).toEqual(detected);
  });

  it('a HEIF brand (mif1) is image/heif, kept with its own extension', async () => {
    const heic = await phone.iphoneHeic(dir, 'brand.heic');
    const heif = Buffer.from(heic);
    heif.write('mif1', 8, 'latin1');
    expect(await detect('brand.heif', heif)).toEqual({ mime: 'image/heif', ext: 'heif', kind: 'image' });
  });
});

describe('ACCEPTED_TYPES', () => {
  it('lists each mime once', () => {
    const mimes = ACCEPTED_TYPES.map((type) => type.mime);
    expect(new Set(mimes).size).toBe(mimes.length);
  });
});
