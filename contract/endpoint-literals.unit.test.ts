import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// An API path is written once, in contract/. The server registers its routes from the
// table and builds links with buildPath; the client calls by entry name. This reads every string
// and template literal of server/ and client/src/ (tests aside: they are the API's outside
// callers) and names each one that holds `/api/`.

const root = path.resolve(import.meta.dirname, '..');
const DIRS = ['server', 'client/src'];

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** `import … from '../contract/api/x'`: a file's name, not a path of the API. */
function isModuleName(node: ts.Node): boolean {
  const p = node.parent;
  return ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isExternalModuleReference(p) || ts.isLiteralTypeNode(p) || (ts.isCallExpression(p) && p.expression.kind === ts.SyntaxKind.ImportKeyword);
}

/** Each string or template piece of a file holding `/api/`, as `file:line: text`. */
export function apiLiterals(file: string, text: string): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) && node.text.includes('/api/') && !isModuleName(node)) {
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('API paths', () => {
  it('are written only in contract/', () => {
    const found = DIRS.flatMap(sources).flatMap((file) => apiLiterals(file, fs.readFileSync(path.join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('are found in strings and templates alike', () => {
    const text = "import { x } from '../contract/api/files';\nconst a = '/api/files';\nconst b = `/api/folders/${id}`;\n// '/api/comment'\n";
    expect(apiLiterals('x.ts', text)).toEqual(['x.ts:2: /api/files', 'x.ts:3: /api/folders/']);
  });
});
