import type { ChildProcess } from 'node:child_process';

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
