import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The project's own import graph (static imports, re-exports and `import()` of relative or
 * aliased paths, type-only ones included), and its cycles. `npx tsx scripts/import-graph.ts`
 * prints them; tests/architecture/import-cycles.unit.test.ts fails on any.
 */

export const ROOTS = ['server', 'client/src', 'contract'];

const SOURCE = /\.(ts|tsx)$/;
const SKIP = /(^|\/)(node_modules|dist)(\/|$)/;

export type ImportGraph = Map<string, Set<string>>;

function listSources(rootDir: string, dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(rootDir, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (SKIP.test(rel)) continue;
    if (entry.isDirectory()) out.push(...listSources(rootDir, rel));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/** Every module specifier a file names: import/export … from, import x = require(), import(). */
function specifiers(file: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      out.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

function compilerOptions(rootDir: string): ts.CompilerOptions {
  const configPath = path.join(rootDir, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, rootDir).options;
}

/** Files under `roots` (relative to `rootDir`) → the project files they import. */
export function buildImportGraph(rootDir: string, roots: string[] = ROOTS): ImportGraph {
  const options = compilerOptions(rootDir);
  const host = ts.createCompilerHost(options);
  const graph: ImportGraph = new Map();
  for (const rel of roots.flatMap((root) => listSources(rootDir, root))) {
    const abs = path.join(rootDir, rel);
    const source = ts.createSourceFile(abs, fs.readFileSync(abs, 'utf8'), ts.ScriptTarget.Latest, false);
    const edges = new Set<string>();
    for (const spec of specifiers(source)) {
      const resolved = ts.resolveModuleName(spec, abs, options, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = path.relative(rootDir, resolved.resolvedFileName).split(path.sep).join('/');
      if (!SKIP.test(target) && !target.startsWith('..')) edges.add(target);
    }
    graph.set(rel, edges);
  }
  return graph;
}

/**
 * One cycle per strongly connected component of more than one file (or a file importing
 * itself), as the shortest path back to its first file: enough to name what to cut.
 */
export function findCycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const strongConnect = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) strongConnect(v);
  return components.map((component) => shortestCycle(graph, component[0], new Set(component)));
}

function shortestCycle(graph: ImportGraph, start: string, within: Set<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      if (!within.has(w)) continue;
      if (w === start) {
        const cycle = [v];
        while (cycle[0] !== start) cycle.unshift(previous.get(cycle[0])!);
        return [...cycle, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const cycles = findCycles(buildImportGraph(process.cwd()));
  for (const cycle of cycles) console.log(cycle.join(' → '));
  console.log(`${cycles.length} import cycle(s)`);
  process.exitCode = cycles.length ? 1 : 0;
}
