import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = import.meta.dirname;
const BUILDS = /(?<!function )\bcreate[A-Z]\w*(Service|Repo)\(/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    // Tests and their support files build what they test.
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|test-support\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('the composition root', () => {
  it('is the only server file that builds a repository or a service', () => {
    const builders = sources(serverDir).flatMap((file) => {
      const calls = fs.readFileSync(file, 'utf8').match(BUILDS) ?? [];
      return calls.map((call) => `${path.relative(serverDir, file)}: ${call}`);
    });
    expect(builders.filter((line) => !line.startsWith('composition.ts:'))).toEqual([]);
    expect(builders.length).toBeGreaterThan(30);
  });
});
