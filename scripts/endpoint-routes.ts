import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints } from '../contract/api';

/**
 * Writes `contract/endpoint-routes.ts`: each entry's method and path without its schemas, for
 * the client's `call()` (zod stays out of the first script, decision 023). `npm run contract`
 * rewrites it; contract/endpoint-routes.unit.test.ts fails while it differs from the table.
 */

export const ROUTES_FILE = path.resolve(import.meta.dirname, '../contract/endpoint-routes.ts');

export function renderRoutes(table: Record<string, { method: string; path: string }> = endpoints): string {
  const lines = Object.entries(table)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, e]) => `  ${name}: ['${e.method}', '${e.path}'],`);
  return [
    '// Generated from contract/api by `npm run contract`: do not edit. Method and path of every',
    "// endpoint, without zod, for the client's call() (client/src/lib/call.ts).",
    'export const endpointRoutes = {',
    ...lines,
    '} as const;',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(ROUTES_FILE, renderRoutes());
  console.log(`wrote ${path.relative(process.cwd(), ROUTES_FILE)}: ${Object.keys(endpoints).length} endpoints`);
}
