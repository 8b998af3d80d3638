import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openBenchDatabase } from './bench-database.ts';
import { freePort } from '../tests/helpers/free-port.ts';
import { rssMb } from './proc-cpu.ts';

// Idle memory of the built server as `npm start` runs it (node --enable-source-maps
// dist/server/main.js, after scripts/build-server.mjs), on an empty data dir: resident memory
// once it answers, then each second for 10 s while it settles, with no request. The default start
// (PGlite in process, jobs worked in process, AUTOTAG on) and app processes on PostgreSQL, with
// and without workers (WORKERS=0 is how an app process runs beside `npm run worker`).

const root = path.resolve(import.meta.dirname, '..');
const SETTLE_SECONDS = Number(process.env.BENCH_MIX_SETTLE_SECONDS ?? 10);

export type MemoryRow = { case: string; upSeconds: number; rssUpMb: number; rssSettledMb: number; rssPeakMb: number };

async function measure(name: string, env: Record<string, string>): Promise<MemoryRow> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-bench-memory-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist', 'server', 'main.js')], {
    cwd: dataDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (c) => (log = (log + c).slice(-4000)));
  child.stderr.on('data', (c) => (log = (log + c).slice(-4000)));
  try {
    const start = performance.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name}: the server exited with ${child.exitCode}:\n${log}`);
      if (await fetch(`${url}/api/config`).then((r) => r.ok, () => false)) break;
      if (performance.now() - start > 120_000) throw new Error(`${name}: no answer within 120 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const upSeconds = Math.round((performance.now() - start) / 100) / 10;
    const rssUpMb = rssMb(child.pid!);
    let rssPeakMb = rssUpMb;
    let rssSettledMb = rssUpMb;
    for (let i = 0; i < SETTLE_SECONDS; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      rssSettledMb = rssMb(child.pid!);
      rssPeakMb = Math.max(rssPeakMb, rssSettledMb);
    }
    return { case: name, upSeconds, rssUpMb, rssSettledMb, rssPeakMb };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchMemory(log: (line: string) => void): Promise<MemoryRow[]> {
  log('memory: building the server as npm start does…');
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build-server failed:\n${build.stderr}`);
  const rows = [await measure('npm start (PGlite, workers, AUTOTAG on)', {})];
  for (const workers of ['0', '1']) {
    const bench = await openBenchDatabase('postgres');
    try {
      // The app process migrates its empty database itself, as it would in production.
      rows.push(await measure(`app on PostgreSQL, WORKERS=${workers}`, { DATABASE_URL: bench.database.url!, WORKERS: workers }));
    } finally {
      await bench.database.close();
      await bench.drop();
    }
  }
  return rows;
}
