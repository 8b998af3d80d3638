import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

// The global setup has built the client as `npm start` serves it; the size is deterministic.
test('the landing page loads under 150 kB of JavaScript (gzip) first', () => {
  const run = spawnSync(process.execPath, ['scripts/bundle-size.mjs', 'dist/client'], { cwd: root, encoding: 'utf8' });
  const total = /([\d.]+) kB {2}first-load JavaScript/.exec(run.stdout);
  expect(total, run.stdout + run.stderr).not.toBeNull();
  expect(Number(total![1])).toBeLessThan(150);
  expect(run.status).toBe(0);
});
