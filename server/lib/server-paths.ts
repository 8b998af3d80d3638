import path from 'node:path';
import { pathToFileURL } from 'node:url';

// Where the server's files are, whether it runs from source (tsx, vitest: this module is
// server/lib/server-paths.ts) or built (node: esbuild bundled it into dist/server/<entry>.js,
// so import.meta here is the bundle's). Assets keep their source layout under both roots
// (the build copies them), so callers name them once, relative to the server folder.

/** True when running the esbuild output under plain node. */
export const isBuilt = !import.meta.url.endsWith('.ts');

/** `<root>/server` from source, `<root>/dist/server` when built. */
export const serverDir = isBuilt ? import.meta.dirname : path.resolve(import.meta.dirname, '..');

/** The project root (package.json, node_modules, dist/). */
export const projectRoot = isBuilt ? path.resolve(serverDir, '..', '..') : path.resolve(serverDir, '..');

/** An asset (migrations, model weights) by its path under server/, e.g. `db/migrations`. */
export function serverAsset(relative: string): string {
  return path.join(serverDir, relative);
}

/**
 * A worker thread's entry: its source file from source (`source`, relative to server/), the
 * bundle the build wrote for it (`<built>.js` beside main.js) when built.
 */
export function workerEntry(source: string, built: string): URL {
  return pathToFileURL(isBuilt ? path.join(serverDir, `${built}.js`) : path.join(serverDir, source));
}
