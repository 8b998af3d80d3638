import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileDto } from '../../../contract/files';
import * as samples from '../../../tests/helpers/media-samples';
import { serverDatabaseEnv, startServerProcess, stopProcess } from '../../../tests/helpers/server-process';
import { signUp, TestClient } from '../../../tests/helpers/test-client';
import { uploadOk } from '../../../tests/helpers/upload';
import { RENDITION_TMP_PREFIX } from './rendition.service';

// A process killed (kill -9) while ffmpeg makes a web rendition: the job beats while it runs,
// so after a restart the video plays within a minute, not after the job's 15 min expiry
// (docs/decisions/026).

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});
const track = (c: () => Promise<unknown>) => void cleanups.push(c);

/** Whether ffmpeg is writing a rendition under DATA_DIR/tmp right now. */
async function converting(tmpDir: string): Promise<boolean> {
  const entries = await fs.readdir(tmpDir).catch(() => [] as string[]);
  for (const e of entries.filter((n) => n.startsWith(RENDITION_TMP_PREFIX))) {
    if (await fs.stat(path.join(tmpDir, e, 'web.mp4')).then(() => true, () => false)) return true;
  }
  return false;
}

describe('a rendition killed mid-way', () => {
  it('is made again and plays within a minute of the restart', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-rendition-kill-'));
    track(() => fs.rm(dataDir, { recursive: true, force: true }));
    const dir = await samples.tempDir();
    track(() => dir.cleanup());
    const env: Record<string, string> = { DATA_DIR: dataDir, MEDIA_TIMEOUT_SECONDS: '300', ...(await serverDatabaseEnv(track)) };
    // MPEG-4 Part 2 at 720p in QuickTime: quick to make here, seconds of H.264 encoding to convert.
    const clip = await fs.readFile(await samples.ffmpegSample(dir, 'long.mov', ['-f', 'lavfi', '-i', 'testsrc=duration=5:size=1280x720:rate=30', '-c:v', 'mpeg4', '-q:v', '31', '-g', '300', '-f', 'mov']));

    const first = await startServerProcess(env, track);
    const member = new TestClient(first.url);
    await signUp(member);
    const file = await uploadOk<FileDto>(member, clip, 'long.mov');
    expect(file.rendition).toBe('processing');
    const until = Date.now() + 60_000;
    while (!(await converting(path.join(dataDir, 'tmp')))) {
      if (Date.now() > until) throw new Error('the rendition never started');
      await new Promise((r) => setTimeout(r, 100));
    }
    await stopProcess(first.child, 'SIGKILL');

    const second = await startServerProcess(env, track);
    const restartedAt = Date.now();
    const reader = new TestClient(second.url);
    reader.cookies = member.cookies;
    let dto: FileDto = file;
    while (Date.now() - restartedAt < 60_000) {
      dto = (await reader.get(`/api/files/${file.id}`)).body;
      if (dto.rendition !== 'processing') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const seconds = (Date.now() - restartedAt) / 1000;
    expect(dto.rendition, `after ${seconds} s`).toBe('ready');
    expect(seconds).toBeLessThan(60);
    const res = await fetch(second.url + dto.playbackUrl!, { headers: { cookie: reader.cookieHeader } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    console.log(`rendition ready ${seconds.toFixed(1)} s after the restart`);
    await stopProcess(second.child);
  }, 300_000);
});
