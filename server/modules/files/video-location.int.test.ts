import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index';
import { createLocalStorage } from '../../storage/local-storage';
import type { FileDto } from '../../../contract/files';
import { probeMedia } from '../../media/ffprobe';
import { runMediaProcess } from '../../media/media-process';
import * as phone from '../../../tests/helpers/phone-samples';
import * as samples from '../../../tests/helpers/media-samples';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { uploadOk } from '../../../tests/helpers/upload';

// A phone video's location and device never reach anyone (docs/decisions/026): the original
// `/content` and `/download` serve, and the web rendition, hold no coordinate and no serial,
// and still play: the same packets, the rotation kept.

let dir: samples.TempDir;
const fixtures: Record<'mov' | 'mp4' | 'gp', { name: string; path: string; bytes: Buffer }> = {} as never;

beforeAll(async () => {
  dir = await samples.tempDir();
  const located = async (name: string, made: Promise<string>, muxer: string) => {
    const file = await phone.withLocation(dir, await made, name, muxer);
    return { name, path: file, bytes: await readFile(file) };
  };
  fixtures.mov = await located('IMG_0003.MOV', phone.hevcMov(dir, 'src.mov', 90), 'mov');
  fixtures.mp4 = await located('VID_android.mp4', phone.h264Mp4(dir, 'src.mp4'), 'mp4');
  fixtures.gp = await located('old-phone.3gp', phone.threeGp(dir, 'src.3gp'), '3gp');
  for (const f of Object.values(fixtures)) expect(f.bytes.includes(phone.LATITUDE), `${f.name} carries a location`).toBe(true);
}, 120_000);
afterAll(() => dir?.cleanup());

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' }, {}, { jobs: { pollingIntervalSeconds: 0.5 } });
let owner: TestClient;
let visitor: TestClient;
beforeAll(async () => {
  owner = t.client();
  visitor = t.client();
  await signUp(owner);
});

async function bytesOf(url: string, c: TestClient) {
  const res = await fetch(t.url + url, { headers: { cookie: c.cookieHeader } });
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function settled(id: number): Promise<FileDto> {
  const until = Date.now() + 45_000;
  for (;;) {
    const res = await owner.get(`/api/files/${id}`);
    if (res.body.rendition !== 'processing') return res.body;
    if (Date.now() > until) throw new Error(`file ${id} still processing`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function saved(bytes: Buffer, name: string): Promise<string> {
  const file = path.join(dir.dir, `served-${Math.random().toString(36).slice(2)}-${name}`);
  await writeFile(file, bytes);
  return file;
}

async function probeJson(file: string): Promise<string> {
  const { stdout } = await runMediaProcess('ffprobe', ['-v', 'error', '-show_entries', 'format_tags:stream_tags:stream_side_data', '-of', 'json', file], { timeoutMs: 30_000 });
  return stdout.toString();
}

async function packets(file: string): Promise<string> {
  const { stdout } = await runMediaProcess('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:V?', '-map', '0:a?', '-c', 'copy', '-f', 'streamhash', '-hash', 'md5', '-'], { timeoutMs: 30_000 });
  return stdout.toString();
}

function expectNoLocation(bytes: Buffer, what: string) {
  expect(bytes.includes(phone.LATITUDE), `${what}: latitude`).toBe(false);
  expect(bytes.includes(phone.DEVICE_SERIAL), `${what}: serial`).toBe(false);
  expect(bytes.includes('com.apple.quicktime.location'), `${what}: location key`).toBe(false);
  expect(bytes.includes('loci'), `${what}: 3GP location box`).toBe(false);
  expect(bytes.includes('\u00a9xyz'), `${what}: ©xyz`).toBe(false);
}

describe('a phone video published without where it was made', () => {
  it.each([
    ['mov', 'video/quicktime'],
    ['mp4', 'video/mp4'],
    ['gp', 'video/3gpp'],
  ] as const)('%s: content, download and rendition hold no coordinate, and play', async (key, mime) => {
    const fixture = fixtures[key];
    const dto = await uploadOk<FileDto>(owner, fixture.bytes, fixture.name);
    expect(dto.fileType).toBe(mime);
    const done = await settled(dto.id);
    const content = await bytesOf(done.contentUrl, visitor);
    const download = await bytesOf(done.downloadUrl, visitor);
    expect(download.equals(content)).toBe(true);
    expectNoLocation(content, 'original');
    const served = await saved(content, fixture.name);
    expect(await probeJson(served)).not.toMatch(/location|comment|48\.8|iPhone/i);
    // The same pictures and sound, bit for bit, as long, with the display rotation kept.
    expect(await packets(served)).toBe(await packets(fixture.path));
    const probe = await probeMedia(served, mime);
    expect(probe).toMatchObject({ hasVideo: true, hasAudio: true });
    expect(probe.durationSeconds).toBeCloseTo((await probeMedia(fixture.path, mime)).durationSeconds!, 1);
    const rotation = (json: string) => /"rotation": (-?\d+)/.exec(json)?.[1] ?? null;
    expect(rotation(await probeJson(served))).toBe(rotation(await probeJson(fixture.path)));

    if (done.playbackUrl !== done.contentUrl) {
      expect(done.rendition).toBe('ready');
      const rendition = await bytesOf(done.playbackUrl!, visitor);
      expectNoLocation(rendition, 'rendition');
      const file = await saved(rendition, 'web.mp4');
      expect(await probeJson(file)).not.toMatch(/location|comment|48\.8|iPhone/i);
      expect(await probeMedia(file, 'video/mp4')).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
    }
  }, 90_000);
});

describe('a video stored before originals were stripped', () => {
  it('is stripped in place by the metadata pass, original and rendition, and still plays', async () => {
    const fixture = fixtures.mov;
    const dto = await uploadOk<FileDto>(owner, fixture.bytes, fixture.name);
    const done = await settled(dto.id);
    // As an older version stored it: the upload's bytes, the rendition with the same tags, not marked.
    const [row] = await t.database.db.select().from(files).where(eq(files.id, dto.id));
    const storage = createLocalStorage(t.config.uploadsDir);
    await storage.put(row.storageKey, fixture.bytes, { contentType: row.fileType });
    const oldRendition = await phone.withLocation(dir, await saved(await bytesOf(done.playbackUrl!, owner), 'web.mp4'), 'old-web.mp4', 'mp4');
    await storage.put(row.renditionKey!, await readFile(oldRendition), { contentType: 'video/mp4' });
    await t.database.db.update(files).set({ metadataStrippedAt: null }).where(eq(files.id, dto.id));
    expect((await bytesOf(done.contentUrl, visitor)).includes(phone.LATITUDE)).toBe(true);
    expect((await bytesOf(done.playbackUrl!, visitor)).includes(phone.LATITUDE)).toBe(true);

    await t.app.jobs.send('media-metadata.missing', {});
    const until = Date.now() + 30_000;
    for (;;) {
      const [r] = await t.database.db.select({ at: files.metadataStrippedAt }).from(files).where(eq(files.id, dto.id));
      if (r.at) break;
      if (Date.now() > until) throw new Error('the pass did not run');
      await new Promise((r) => setTimeout(r, 200));
    }
    const content = await bytesOf(done.contentUrl, visitor);
    expectNoLocation(content, 'original after the pass');
    expect(await packets(await saved(content, 'after.mov'))).toBe(await packets(fixture.path));
    const rendition = await bytesOf(done.playbackUrl!, visitor);
    expectNoLocation(rendition, 'rendition after the pass');
    expect(await probeMedia(await saved(rendition, 'after-web.mp4'), 'video/mp4')).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
  }, 90_000);
});
