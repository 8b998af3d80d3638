import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from './free-port';
import { copyOfTemplate } from './test-db';

/**
 * Waits until the server process `child` answers GET /api/config at `url`; throws, with what it
 * wrote (`output`), if it exits first or does not answer within `timeoutMs`.
 */
export async function untilServing(child: ChildProcess, url: string, output: () => string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    if (await fetch(`${url}/api/config`).then((r) => r.ok, () => false)) return;
    if (Date.now() > until) throw new Error(`server did not answer within ${timeoutMs} ms:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export type ServerProcess = { child: ChildProcess; url: string; stderr: () => string };

/**
 * The real server (`tsx server/main.ts`) as a child process with `env` over the test
 * defaults, answered once it listens; `track` is given a kill for the file's cleanup.
 */
export async function startServerProcess(env: Record<string, string>, track: (kill: () => Promise<unknown>) => void = () => {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // PUBLIC_URL is the origin the client sends: writes from any other origin are refused.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', AUTOTAG: 'off', AUTH_RATE_LIMIT: '1000', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c) => (stderr += c));
  track(async () => child.kill('SIGKILL'));
  await untilServing(child, url, () => stderr, 120_000);
  return { child, url, stderr: () => stderr };
}

/** Ends the process with `signal` (SIGTERM: a clean stop; SIGKILL: kill -9) and waits for it. */
export function stopProcess(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * The database env of a server process over DATA_DIR: none for PGlite (its folder DATA_DIR/db),
 * DATABASE_URL of a fresh copy of the migrated template for PostgreSQL (`track` gets its drop).
 */
export async function serverDatabaseEnv(track: (drop: () => Promise<unknown>) => void): Promise<Record<string, string>> {
  const target = inject('testDb');
  if (target.kind === 'pglite') return {};
  const copy = await copyOfTemplate(target, 'p');
  track(copy.drop);
  return { DATABASE_URL: copy.url };
}
