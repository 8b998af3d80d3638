import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The landing and the member's home paint without zod (docs/decisions/023): its schemas are
// about 90 kB of script the phone would evaluate before the feed shows. This follows the value
// imports (not `import type`, not `import()`) from the entry and the home's two lazy chunks, and
// names every module on the way that imports zod, with the chain that brought it in.

const root = path.resolve(import.meta.dirname, '../..');
const FIRST_SCREENS = ['client/src/main.tsx', 'client/src/routes/home.tsx', 'client/src/features/files/upload-dialog.tsx'];

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@contract/')) base = path.join(root, 'contract', spec.slice('@contract/'.length));
  else if (spec.startsWith('@/')) base = path.join(root, 'client/src', spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const file = base + ext;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/** The module specifiers a file loads at run time: static imports and re-exports that carry a value. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const onlyTypes = node.isTypeOnly || (clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly));
      if (!onlyTypes) out.push(node.moduleSpecifier.text);
    }
  }
  return out;
}

function zodImporters(entries: string[]): string[] {
  const via = new Map<string, string | null>();
  const queue: Array<[string, string | null]> = entries.map((e) => [path.join(root, e), null]);
  const found: string[] = [];
  while (queue.length > 0) {
    const [file, from] = queue.shift()!;
    if (via.has(file)) continue;
    via.set(file, from);
    for (const spec of valueImports(file)) {
      if (spec === 'zod') {
        const chain: string[] = [];
        for (let f: string | null | undefined = file; f; f = via.get(f)) chain.push(path.relative(root, f));
        found.push(chain.join(' ← '));
      }
      const next = resolve(file, spec);
      if (next) queue.push([next, file]);
    }
  }
  return found;
}

describe("the member's first screens", () => {
  it('load no module that imports zod', () => {
    expect(zodImporters(FIRST_SCREENS)).toEqual([]);
  });

  it('would name a module that brings zod in, with the chain (the check follows the @contract alias)', () => {
    expect(zodImporters(['client/src/features/settings/account-security.tsx'])).toContain('contract/settings.ts ← client/src/features/settings/account-security.tsx');
  });
});
