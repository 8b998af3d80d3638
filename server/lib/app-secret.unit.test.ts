import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveAppSecret } from './app-secret';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});
async function secretFile() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-secret-'));
  dirs.push(dir);
  return path.join(dir, 'data', 'app-secret');
}

describe('resolveAppSecret', () => {
  it('generates a key once, readable only by its owner, and reads the same one after a restart', async () => {
    const file = await secretFile();
    const first = await resolveAppSecret({ appSecret: null, secretFile: file });
    expect(first.length).toBe(32);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await resolveAppSecret({ appSecret: null, secretFile: file })).equals(first)).toBe(true);
  });

  it('agrees when two processes create it at the same moment', async () => {
    const file = await secretFile();
    const [a, b] = await Promise.all([resolveAppSecret({ appSecret: null, secretFile: file }), resolveAppSecret({ appSecret: null, secretFile: file })]);
    expect(a.equals(b)).toBe(true);
  });

  it('uses APP_SECRET when set and writes no file', async () => {
    const file = await secretFile();
    const key = await resolveAppSecret({ appSecret: 'x'.repeat(40), secretFile: file });
    expect(key.toString()).toBe('x'.repeat(40));
    await expect(fs.stat(file)).rejects.toThrow();
  });

  it('refuses a damaged key file instead of signing with a weak key', async () => {
    const file = await secretFile();
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, 'short');
    await expect(resolveAppSecret({ appSecret: null, secretFile: file })).rejects.toThrow(/app-secret/);
  });
});
