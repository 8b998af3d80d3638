import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as samples from '../helpers/media-samples';
import { signUp, TestClient } from '../helpers/test-client';
import { uploadOk as upload } from '../helpers/upload';
import { freePort } from '../helpers/free-port';
import { untilServing } from '../helpers/server-process';

// `npm start` runs plain node on the esbuild output: build it, start dist/server/main.js on a
// temp DATA_DIR, and use it. Every file the server resolves at run time (migrations, model
// weights, the recognition and PDF worker threads) must be found from dist/server.

const root = path.resolve(import.meta.dirname, '..', '..');
let server: ChildProcess;
let dataDir: string;
let dir: samples.TempDir;
let url: string;
let log = '';

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  [dataDir, dir] = await Promise.all([fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-built-')), samples.tempDir()]);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // Started from another folder, with no tsx anywhere: what production does.
  server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist', 'server', 'main.js')], {
    cwd: dataDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, AUTOTAG: 'on', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_SECONDS: '2' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (c) => (log += c));
  server.stderr!.on('data', (c) => (log += c));
  await untilServing(server, url, () => log, 90_000);
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await Promise.all([dataDir && fs.rm(dataDir, { recursive: true, force: true }), dir?.cleanup()]);
});


describe('node dist/server/main.js', () => {
  it('is the esbuild output, not TypeScript', async () => {
    const main = await fs.readFile(path.join(root, 'dist', 'server', 'main.js'), 'utf8');
    expect(main).not.toMatch(/from ["']tsx/);
  });

  it('answers the API and its OpenAPI document (migrations applied from dist)', async () => {
    expect((await fetch(`${url}/api/config`)).status).toBe(200);
    expect((await fetch(`${url}/api/docs/json`)).status).toBe(200);
  });

  it('takes a video (ffprobe + ffmpeg), a PDF (render worker) and a photo (recognition worker)', async () => {
    const client = new TestClient(url);
    await signUp(client);
    const clip = await fs.readFile(await samples.ffmpegSample(dir, 'clip.mp4', [...samples.VIDEO_SOURCE, '-c:v', 'libx264', '-pix_fmt', 'yuv420p']));
    const video = await upload(client, clip, 'clip.mp4');
    expect(video).toMatchObject({ kind: 'video', fileType: 'video/mp4' });
    expect(video.durationSeconds).toBeGreaterThan(1.5);
    expect(video.posterPath).toBeTruthy();

    const pdf = await upload(client, await samples.pdf(), 'doc.pdf');
    expect(pdf.posterPath).toBeTruthy();

    const photo = await upload(client, await fs.readFile(path.join(root, 'tests', 'fixtures', 'photos', 'chelsea-cat.jpg')), 'cat.jpg');
    // Tagged in the background by the recognition worker thread, from the committed weights.
    let tags: string[] = [];
    for (const until = Date.now() + 60_000; Date.now() < until && !tags.includes('cat'); await new Promise((r) => setTimeout(r, 500))) {
      tags = (await client.get(`/api/files/${photo.id}`)).body.tags ?? [];
    }
    expect(tags, log).toContain('cat');
  }, 120_000);

  // Last: it stops the server.
  it('on SIGTERM answers /readyz with 503 while the API still answers, then exits', async () => {
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 1500, interval: 50 }).toBe(503);
    expect(await (await fetch(`${url}/readyz`)).json()).toMatchObject({ failed: ['shutting-down'] });
    expect((await fetch(`${url}/api/config`)).status).toBe(200);
    expect(await exited).toBe(0);
  }, 30_000);
});
