import fs from 'node:fs';
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { AppStats } from './mix-app.ts';
import type { MixWorld } from './mix-plan.ts';
import { freePort } from '../tests/helpers/free-port.ts';

// The mix benchmark's child processes: the app (bench/mix-app.ts) and the bare server
// (bench/mix-bare.ts), each started with tsx's loader and talked to over IPC.

const here = import.meta.dirname;

type Child = { child: ChildProcess; log: string[] };

function start(file: string, env: Record<string, string | undefined>): Child {
  // BENCH_MIX_PROFILE=<dir>: the app writes a CPU profile there when it stops (node --cpu-prof).
  const profile = file === 'mix-app.ts' && process.env.BENCH_MIX_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_MIX_PROFILE}`] : [];
  // BENCH_MIX_APP_FLAGS: node flags for the app alone (e.g. a V8 heap setting to compare).
  const flags = file === 'mix-app.ts' && process.env.BENCH_MIX_APP_FLAGS ? process.env.BENCH_MIX_APP_FLAGS.split(' ') : [];
  const child = fork(path.join(here, file), [], { execArgv: ['--import', 'tsx', ...flags, ...profile], env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(String(chunk));
    if (log.length > 200) log.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  // BENCH_MIX_APP_LOG=<file>: the app's output is also appended there (e.g. with BENCH_MIX_APP_FLAGS=--trace-gc).
  const copy = file === 'mix-app.ts' && process.env.BENCH_MIX_APP_LOG;
  if (copy) for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => fs.appendFileSync(copy, chunk));
  return { child, log };
}

/** The next IPC message of `type`, or a failure with the child's last output if it exits first. */
function nextMessage<T>(c: Child, type: string, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string }) => {
      if (m.type !== type) return;
      cleanup();
      resolve(m as T);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`child exited (${code}) before '${type}':\n${c.log.join('').slice(-4000)}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no '${type}' from the child within ${timeoutMs} ms:\n${c.log.join('').slice(-4000)}`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      c.child.off('message', onMessage);
      c.child.off('exit', onExit);
    };
    c.child.on('message', onMessage);
    c.child.on('exit', onExit);
  });
}

function stop(c: Child): Promise<void> {
  if (c.child.exitCode !== null || c.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => c.child.kill('SIGKILL'), 15_000);
    c.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (c.child.connected) c.child.send({ type: 'close' });
    else c.child.kill('SIGTERM');
  });
}

export type AppProcess = {
  pid: number;
  url: string;
  seedSeconds: number;
  seedSteps: Record<string, number>;
  world: Omit<MixWorld, 'origin' | 'uploads' | 'streamHolders'>;
  stats(): Promise<AppStats>;
  resetStats(): void;
  /** Ends the per-request statement counting (and its cost to the app); stats() stays as it was. */
  stopCounting(): void;
  log(): string;
  close(): Promise<void>;
};

/** Starts the app on a free port with `env` (plus NODE_ENV, PORT, PUBLIC_URL); resolves once it listens, seeded. */
export async function startApp(env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The mix measures throughput: its members write faster than people, so their budgets are scaled up.
  const c = start('mix-app.ts', { PATH: process.env.PATH, HOME: process.env.HOME, BENCH_MIX_SQL_TIMES: process.env.BENCH_MIX_SQL_TIMES, BENCH_MIX_LOOP: process.env.BENCH_MIX_LOOP, PGLITE_SHARED_BUFFERS_MB: process.env.PGLITE_SHARED_BUFFERS_MB, WRITE_BUDGET_SCALE: '1000', AUTH_HASHES_PER_SECOND: '1000', MAX_CONNECTIONS_PER_ADDRESS: '100000', MAX_UPLOADS_PER_ADDRESS: '100000', ...env, PORT: String(port), PUBLIC_URL: url, HOST: '127.0.0.1' });
  const ready = await nextMessage<{ url: string; seedSeconds: number; seedSteps: Record<string, number>; world: AppProcess['world'] }>(c, 'ready', 600_000);
  return {
    pid: c.child.pid!,
    url: ready.url,
    seedSeconds: ready.seedSeconds,
    seedSteps: ready.seedSteps,
    world: ready.world,
    async stats() {
      const reply = nextMessage<{ stats: AppStats }>(c, 'stats', 10_000);
      c.child.send({ type: 'stats' });
      return (await reply).stats;
    },
    resetStats: () => void c.child.send({ type: 'reset' }),
    stopCounting: () => void c.child.send({ type: 'stop-counting' }),
    log: () => c.log.join(''),
    close: () => stop(c),
  };
}

export type BareProcess = { pid: number; url: string; load(file: string): Promise<void>; close(): Promise<void> };

export async function startBare(): Promise<BareProcess> {
  const c = start('mix-bare.ts', { PATH: process.env.PATH, HOME: process.env.HOME });
  const { port } = await nextMessage<{ port: number }>(c, 'ready', 60_000);
  return {
    pid: c.child.pid!,
    url: `http://127.0.0.1:${port}`,
    async load(file) {
      const loaded = nextMessage(c, 'loaded', 60_000);
      c.child.send({ type: 'load', file });
      await loaded;
    },
    close: () => stop(c),
  };
}
