import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

const root = path.resolve(import.meta.dirname, '..', '..');

export type PrintedServer = {
  /** Every address the server printed, in the order it printed them. */
  printed: string[];
  /** The address it listens on (what a member copies from the terminal). */
  listenUrl: string;
  /** PUBLIC_URL as the server chose it: `http://localhost:$PORT` when unset. */
  publicUrl: string;
  log: () => string;
  close: () => Promise<void>;
};

/**
 * `npm start` as a newcomer runs it on a fresh clone: the built server (dist/server/main.js, the
 * client built by the e2e setup) on a temp DATA_DIR with no PUBLIC_URL, resolved once it has
 * logged its "Kaleido on …" line. `env` adds settings (AUTOTAG off keeps it light).
 */
export async function startPrintedServer(env: Record<string, string> = {}): Promise<PrintedServer> {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stderr}`);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-newcomer-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist', 'server', 'main.js')], {
    cwd: dataDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', AUTOTAG: 'off', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (c) => (log += c));
  child.stderr!.on('data', (c) => (log += c));
  const until = Date.now() + 180_000;
  while (!log.includes('Kaleido on ')) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    if (Date.now() > until) throw new Error(`server did not start within 180 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const printed = [...log.matchAll(/https?:\/\/[^\s")]+/g)].map((m) => m[0].replace(/[.,:]$/, ''));
  return {
    printed,
    listenUrl: `http://127.0.0.1:${port}`,
    publicUrl: `http://localhost:${port}`,
    log: () => log,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
