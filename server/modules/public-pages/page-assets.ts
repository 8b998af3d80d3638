import fs from 'node:fs';
import path from 'node:path';
import type { PageAssets } from './views/visitor-document';

/**
 * The stylesheets of the built client's entry (Vite's build manifest), which visitors' pages use
 * so they look like the app; none without a build (the pages still work, unstyled). Read once
 * at start: `npm start` builds before it starts the server.
 */
export function readPageAssets(clientDir: string): PageAssets {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return { stylesheets: [] };
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { isEntry?: boolean; css?: string[] }>;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  return { stylesheets: (entry?.css ?? []).map((css) => `/${css}`) };
}
