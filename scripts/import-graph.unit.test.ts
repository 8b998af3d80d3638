import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildImportGraph, findCycles, type ImportGraph } from './import-graph';

const root = path.resolve(import.meta.dirname, '..');

function graphOf(edges: Record<string, string[]>): ImportGraph {
  return new Map(Object.entries(edges).map(([file, targets]) => [file, new Set(targets)]));
}

describe('the import graph of server/, client/src/ and contract/', () => {
  const graph = buildImportGraph(root);

  it('has no cycle, type-only imports included', () => {
    expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('follows relative, aliased and type-only imports to files', () => {
    expect(graph.get('server/main.ts')).toContain('server/app.ts');
    expect(graph.get('client/src/features/settings/preferences.ts')).toContain('contract/settings-defaults.ts');
    expect(graph.get('client/src/features/settings/preferences.ts')).toContain('client/src/lib/api.ts');
    expect(graph.get('server/jobs/queue-schema.ts')).toContain('server/db/client.ts');
  });

  it('names each cycle from its first file back to it', () => {
    const cycles = findCycles(graphOf({ a: ['b'], b: ['c', 'd'], c: ['a'], d: [], e: ['e'], f: ['a'] }));
    expect(cycles).toEqual([['a', 'b', 'c', 'a'], ['e', 'e']]);
  });
});
