import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as samples from '../../../tests/helpers/media-samples';
import { useTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { fileRowCount, storedFiles, upload } from '../../../tests/helpers/upload';

// Hostile video: a container ffprobe cannot read is refused with 415, a file that keeps a media
// tool busy past MEDIA_TIMEOUT_SECONDS with 422, and neither leaves a row, an object or a temp
// folder behind.

let dir: samples.TempDir;
let privateTmp: string;
const realTmp = process.env.TMPDIR;

// Registered before the apps', these hooks run before they start and after they close.
beforeAll(async () => {
  // Upload and frame temp folders go under os.tmpdir(); a folder of this file's own shows any
  // left behind without racing other test runs on the machine.
  privateTmp = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-media-limits-'));
  dir = await samples.tempDir();
  process.env.TMPDIR = privateTmp;
});
afterAll(async () => {
  process.env.TMPDIR = realTmp;
  await dir?.cleanup();
  await fs.rm(privateTmp, { recursive: true, force: true });
});

const normal = useTestApp({ AUTH_RATE_LIMIT: '1000' });
// 50 ms: no media tool can start, read and decode a video in that time.
const hurried = useTestApp({ AUTH_RATE_LIMIT: '1000', MEDIA_TIMEOUT_SECONDS: '0.05' });

async function mediaTempFolders(): Promise<string[]> {
  return (await fs.readdir(privateTmp)).filter((name) => name.startsWith('kaleido-upload-') || name.startsWith('kaleido-frame-'));
}

async function uploadAs(t: TestApp, bytes: Buffer, filename: string) {
  const client: TestClient = t.client();
  await signUp(client);
  const started = Date.now();
  const res = await upload(client, bytes, filename);
  return { res, ms: Date.now() - started };
}

describe('video that media tools cannot handle', () => {
  it('a malformed MP4 container → 415 naming the file; nothing stored', async () => {
    const whole = await fs.readFile(await samples.ffmpegSample(dir, 'whole.mp4', [...samples.VIDEO_SOURCE, '-c:v', 'libx264', '-pix_fmt', 'yuv420p']));
    // The `ftyp` box survives (so the bytes are detected as MP4), the movie box does not.
    const malformed = Buffer.concat([whole.subarray(0, 48), Buffer.alloc(4096, 0xab)]);
    const { res } = await uploadAs(normal, malformed, 'broken.mp4');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: 'broken.mp4: File type not supported' });
    expect(await fileRowCount(normal.database)).toBe(0);
    expect(await storedFiles(normal.config.uploadsDir)).toEqual([]);
    expect(await mediaTempFolders()).toEqual([]);
  });

  it('a video that needs longer than the time limit → 422 within the limit; nothing stored', async () => {
    // Written to a pipe, the WebM states no duration, so the whole file must be decoded.
    const streamed = await samples.ffmpegSample(dir, 'streamed.webm', [...samples.VIDEO_SOURCE, '-c:v', 'libvpx', '-b:v', '300k', '-f', 'webm', '-live', '1']);
    const { res, ms } = await uploadAs(hurried, await fs.readFile(streamed), 'slow.webm');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'slow.webm: The file took too long to process' });
    // The limit is 50 ms per process; the rest is the request itself on a busy machine.
    expect(ms).toBeLessThan(5000);
    expect(await fileRowCount(hurried.database)).toBe(0);
    expect(await storedFiles(hurried.config.uploadsDir)).toEqual([]);
    expect(await mediaTempFolders()).toEqual([]);
  });

  it('the same video is accepted with the default limit', async () => {
    const streamed = path.join(dir.dir, 'streamed.webm');
    const { res } = await uploadAs(normal, await fs.readFile(streamed), 'fine.webm');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'video', fileType: 'video/webm' });
  });
});
