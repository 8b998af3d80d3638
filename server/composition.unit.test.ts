import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = import.meta.dirname;
// The root is composition.ts, with composition-http.ts for what only a process serving requests holds.
const ROOTS = ['composition.ts', 'composition-http.ts'];
const CALL = /(?<!function )\b(create[A-Z]\w*)\(/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    // Tests build what they test.
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

function calls(file: string): string[] {
  return [...fs.readFileSync(file, 'utf8').matchAll(CALL)].map((m) => m[1]);
}

describe('the composition root (server/composition.ts)', () => {
  const others = sources(serverDir).filter((file) => !ROOTS.includes(path.relative(serverDir, file)));
  const built = new Set(ROOTS.flatMap((root) => calls(path.join(serverDir, root))));

  it('is the only server file that builds a repository or a service', () => {
    const builders = others.flatMap((file) =>
      calls(file)
        .filter((name) => /(Service|Repo)$/.test(name))
        .map((name) => `${path.relative(serverDir, file)}: ${name}(`),
    );
    expect(builders).toEqual([]);
  });

  it('builds each of its services once: nothing else calls the factories it calls', () => {
    expect(built.size).toBeGreaterThan(30);
    const again = others.flatMap((file) =>
      calls(file)
        .filter((name) => built.has(name))
        .map((name) => `${path.relative(serverDir, file)}: ${name}(`),
    );
    expect(again).toEqual([]);
  });
});
