import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileDto } from '../../../contract/files';
import { files } from '../../db/schema/index';
import { probeMedia } from '../../media/ffprobe';
import * as phone from '../../../tests/helpers/phone-samples';
import * as samples from '../../../tests/helpers/media-samples';
import { createLocalStorage } from '../../storage/local-storage';
import { createS3Storage } from '../../storage/s3-storage';
import { sweepDebris } from '../../storage/startup-sweep';
import type { Storage } from '../../storage/storage';
import { createStoredKeysRepo } from '../../storage/stored-keys.repo';
import { startS3Server, type TestS3Server } from '../../../tests/helpers/s3-server';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { uploadOk } from '../../../tests/helpers/upload';

// What phones upload, end to end on disk and on S3 (and, as every integration
// file, on PGlite and PostgreSQL): each format is accepted by its bytes, gets its
// derivatives, video and audio browsers cannot play get an H.264/AAC rendition from the
// durable job (checked with ffprobe), and Download answers the original.

let dir: samples.TempDir;
type Fixture = { name: string; bytes: Buffer };
const fixtures: Record<string, Fixture> = {};

beforeAll(async () => {
  dir = await samples.tempDir();
  const read = async (name: string, made: Promise<string>) => ({ name, bytes: await readFile(await made) });
  const [iphone, plainHeic, avif, mov, hevcMp4, h264, mkv, gp, flac, aac, alac, broken] = await Promise.all([
    phone.iphoneHeic(dir).then((bytes) => ({ name: 'IMG_0001.HEIC', bytes })),
    phone.heifEnc(dir, 'plain.heic', await phone.halvesPicture(80, 60), 'png').then((bytes) => ({ name: 'plain.heic', bytes })),
    phone.avif(80, 60).then((bytes) => ({ name: 'photo.avif', bytes })),
    read('IMG_0002.MOV', phone.hevcMov(dir, 'portrait.mov', 90)),
    read('android.mp4', phone.hevcMp4(dir)),
    read('plays.mp4', phone.h264Mp4(dir)),
    read('screen.mkv', phone.mkv(dir)),
    read('old-phone.3gp', phone.threeGp(dir)),
    read('song.flac', phone.flac(dir)),
    read('voice.aac', phone.adtsAac(dir)),
    read('lossless.m4a', phone.alacM4a(dir)),
    read('broken.mov', phone.undecodableMov(dir)),
  ]);
  Object.assign(fixtures, { iphone, plainHeic, avif, mov, hevcMp4, h264, mkv, gp, flac, aac, alac, broken });
});
afterAll(() => dir?.cleanup());

describe.each(['disk', 's3'] as const)('phone media on %s', (driver) => {
  let s3: TestS3Server | null = null;
  const t = useTestApp(async () => {
    s3 = driver === 's3' ? await startS3Server() : null;
    return { env: { AUTH_RATE_LIMIT: '1000', ...(s3?.env ?? {}) }, deps: { jobs: { pollingIntervalSeconds: 0.5 } }, cleanup: () => s3?.stop() };
  });
  let storage: Storage;
  let owner: TestClient;
  let stranger: TestClient;

  beforeAll(async () => {
    storage = s3 ? createS3Storage(s3.settings) : createLocalStorage(t.config.uploadsDir);
    owner = t.client();
    stranger = t.client();
    await signUp(owner);
    await signUp(stranger);
  });
  afterAll(async () => {
    await storage?.close();
  });

  const upload = (f: Fixture, fields: Record<string, string> = {}) => uploadOk<FileDto>(owner, f.bytes, f.name, fields);

  async function bytesOf(url: string, c: TestClient = owner) {
    const res = await fetch(t.url + url, { headers: { cookie: c.cookieHeader } });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  /** The file once its rendition job has run (the feed-writing repository updated the row). */
  async function settled(id: number): Promise<FileDto> {
    const until = Date.now() + 45_000;
    for (;;) {
      const res = await owner.get(`/api/files/${id}`);
      expect(res.status).toBe(200);
      if (res.body.rendition !== 'processing') return res.body;
      if (Date.now() > until) throw new Error(`file ${id} still processing`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function probeUrl(url: string) {
    const { res, bytes } = await bytesOf(url);
    expect(res.status).toBe(200);
    const file = path.join(dir.dir, `${driver}-probe-${Math.random().toString(36).slice(2)}.mp4`);
    await writeFile(file, bytes);
    return { probe: await probeMedia(file, 'video/mp4'), type: res.headers.get('content-type') };
  }

  async function expectDownload(dto: FileDto, original: Buffer, ext: string) {
    const { res, bytes } = await bytesOf(dto.downloadUrl);
    expect(res.status).toBe(200);
    // Images as uploaded; video and audio as published: the same streams, no container metadata.
    const published = dto.kind === 'image' ? original : await samples.asPublished(await dir.file(`${driver}-${dto.id}.${ext}`, original), dto.fileType);
    expect(bytes.equals(published)).toBe(true);
    expect(res.headers.get('content-disposition')?.toLowerCase()).toContain(`.${ext}"`);
  }

  it('an iPhone HEIC: shown upright through its derivatives, no GPS anywhere, the HEIC kept for Download', async () => {
    const dto = await upload(fixtures.iphone);
    expect(dto).toMatchObject({ kind: 'image', fileType: 'image/heic', width: 64, height: 96, rendition: 'none', playbackUrl: null });
    expect(dto.filePath).toMatch(/\.webp$/);
    expect(dto.thumbnailPath).toMatch(/_thumb\.webp$/);
    expect(dto.placeholder).toMatch(/^data:image\/webp;base64,/);
    // Stored sideways with `irot`: blue (the right half) comes out on top, red at the bottom.
    const { res, bytes } = await bytesOf(dto.filePath);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([64, 96]);
    const pixel = (y: number) => [...data.subarray(y * info.width * info.channels + 20 * info.channels, y * info.width * info.channels + 20 * info.channels + 3)];
    expect(pixel(5)[2]).toBeGreaterThan(200);
    expect(pixel(5)[0]).toBeLessThan(60);
    expect(pixel(90)[0]).toBeGreaterThan(200);
    const jpeg = await sharp((await bytesOf((await owner.get(`/api/files/${dto.id}/optimization`)).body.formats.compressed)).bytes).metadata();
    expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(['jpeg', 64, 96]);

    // The original as published: same size, same picture, camera and GPS zeroed.
    const download = await bytesOf(dto.downloadUrl);
    expect(download.res.headers.get('content-disposition')).toContain('IMG_0001.HEIC"');
    expect(download.bytes.length).toBe(fixtures.iphone.bytes.length);
    expect(fixtures.iphone.bytes.includes(samples.GPS_MARKER)).toBe(true);
    for (const body of [download.bytes, bytes]) {
      expect(body.includes(samples.GPS_MARKER)).toBe(false);
      expect(body.includes(samples.CAMERA_MAKE)).toBe(false);
    }
    expect((await sharp(download.bytes).metadata()).exif).toBeUndefined();
  });

  it('a HEIC without metadata and an AVIF: Download answers the uploaded bytes', async () => {
    const heic = await upload(fixtures.plainHeic);
    expect(heic).toMatchObject({ fileType: 'image/heic', width: 80, height: 60 });
    await expectDownload(heic, fixtures.plainHeic.bytes, 'heic');
    const avif = await upload(fixtures.avif);
    expect(avif).toMatchObject({ fileType: 'image/avif', width: 80, height: 60, rendition: 'none' });
    expect((await sharp((await bytesOf(avif.filePath)).bytes).metadata()).format).toBe('webp');
    await expectDownload(avif, fixtures.avif.bytes, 'avif');
  });

  it.each([
    ['mov', 'video/quicktime', 'mov', [240, 320]],
    ['hevcMp4', 'video/mp4', 'mp4', [320, 240]],
    ['mkv', 'video/x-matroska', 'mkv', [320, 240]],
    ['gp', 'video/3gpp', '3gp', [176, 144]],
  ] as const)('%s video: poster at once, "processing" until an H.264/AAC MP4 rendition is made; Download is the original', async (key, mime, ext, size) => {
    const fixture = fixtures[key];
    const dto = await upload(fixture);
    expect(dto).toMatchObject({ kind: 'video', fileType: mime });
    // The answer is read after the upload's commit, and the rendition job starts at once: a clip
    // this small can already be done by then (as in one CI run). Until it is, nothing plays.
    expect(['processing', 'ready']).toContain(dto.rendition);
    if (dto.rendition === 'processing') expect(dto.playbackUrl).toBeNull();
    expect(dto.posterPath).toMatch(/_poster\.webp$/);
    expect(dto.durationSeconds).toBeGreaterThan(1.5);

    const done = await settled(dto.id);
    expect(done.rendition).toBe('ready');
    expect(done.playbackUrl).toMatch(/_web\.mp4$/);
    expect(done.contentUrl).toBe(dto.contentUrl);
    const { probe, type } = await probeUrl(done.playbackUrl!);
    expect(type).toBe('video/mp4');
    expect(probe).toMatchObject({ videoCodec: 'h264', pixelFormat: 'yuv420p', audioCodec: 'aac', hasVideo: true, hasAudio: true });
    // As displayed: the portrait clip's rotation is applied, not lost.
    expect([probe.width, probe.height]).toEqual(size);
    await expectDownload(done, fixture.bytes, ext);
    // The original is still what `/content` serves, with its own type.
    expect((await bytesOf(done.contentUrl)).res.headers.get('content-type')).toBe(mime);
  });

  it('audio: FLAC and ADTS AAC play as uploaded; Apple Lossless gets an AAC rendition', async () => {
    for (const key of ['flac', 'aac'] as const) {
      const dto = await upload(fixtures[key]);
      expect(dto).toMatchObject({ kind: 'audio', rendition: 'none', playbackUrl: dto.contentUrl });
      expect(dto.durationSeconds).toBeGreaterThan(1.5);
      await expectDownload(dto, fixtures[key].bytes, key);
    }
    const alac = await upload(fixtures.alac);
    expect(alac).toMatchObject({ kind: 'audio', fileType: 'audio/mp4' });
    expect(['processing', 'ready']).toContain(alac.rendition); // as for the videos above
    const done = await settled(alac.id);
    expect(done.rendition).toBe('ready');
    const { probe, type } = await probeUrl(done.playbackUrl!);
    expect(type).toBe('audio/mp4');
    expect(probe).toMatchObject({ hasVideo: false, audioCodec: 'aac' });
    await expectDownload(done, fixtures.alac.bytes, 'm4a');
  });

  it('H.264/AAC MP4 needs no rendition: no job, the original plays', async () => {
    const dto = await upload(fixtures.h264);
    expect(dto).toMatchObject({ rendition: 'none', playbackUrl: dto.contentUrl });
    const [row] = await t.database.db.select().from(files).where(eq(files.id, dto.id));
    expect(row.renditionState).toBeNull();
  });

  it('a clip that cannot be converted: kept, marked failed once, never retried', async () => {
    const dto = await upload(fixtures.broken);
    expect(['processing', 'failed']).toContain(dto.rendition); // as for the videos above
    const done = await settled(dto.id);
    expect(done).toMatchObject({ rendition: 'failed', playbackUrl: null });
    await expectDownload(done, fixtures.broken.bytes, 'mov');
    // The job ends as done (the row says why), not as an error for the queue to retry.
    let jobs = await t.app.jobs.findJobs('file.rendition');
    for (const until = Date.now() + 10_000; jobs.some((j) => j.state === 'active') && Date.now() < until; jobs = await t.app.jobs.findJobs('file.rendition')) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.map((j) => [j.state, j.retryCount])).toEqual(jobs.map(() => ['completed', 0]));
    await new Promise((r) => setTimeout(r, 1500));
    expect((await owner.get(`/api/files/${dto.id}`)).body.rendition).toBe('failed');
  });

  it('a private file’s rendition reaches only its owner; deleting the file deletes the rendition', async () => {
    const dto = await upload(fixtures.hevcMp4, { isPublic: 'false' });
    const done = await settled(dto.id);
    const key = done.playbackUrl!.replace('/uploads/', '');
    expect((await bytesOf(done.playbackUrl!)).res.status).toBe(200);
    expect((await bytesOf(done.playbackUrl!, stranger)).res.status).toBe(404);
    expect(await storage.stat(key)).not.toBeNull();
    expect((await owner.delete(`/api/files/${dto.id}`)).status).toBe(200);
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.stat(key.replace('_web.mp4', '_poster.webp'))).toBeNull();
  });

  it('the start-up sweep removes a rendition no row names and keeps the ones rows name', async () => {
    const kept = await settled((await upload(fixtures.mkv)).id);
    const keptKey = kept.playbackUrl!.replace('/uploads/', '');
    const orphan = '0f/0f/0f0f0f0f-0000-4000-8000-000000000000_web.mp4';
    await storage.put(orphan, Buffer.from('left by a job that died'), { contentType: 'video/mp4' });
    const log = { info() {}, warn() {} } as never;
    const report = await sweepDebris({ storage, tmpDir: t.config.tmpDir, referencedKeys: createStoredKeysRepo(t.database.db).referencedKeys, log, now: Date.now() + 60 * 60 * 1000 });
    expect(report.orphans).toBeGreaterThanOrEqual(1);
    expect(await storage.stat(orphan)).toBeNull();
    expect(await storage.stat(keptKey)).not.toBeNull();
  });
});
