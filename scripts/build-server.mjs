#!/usr/bin/env node
// Compiles the server for production into dist/server with esbuild, so `npm start` runs plain
// `node` on JavaScript instead of a development loader (tsx stays for `npm run dev` and tests).
// Skipped when nothing it is built from has changed, like the client build.
//
// Each entry becomes dist/server/<out>.js beside main.js; npm packages stay imports (resolved
// from node_modules at run time), only our own code is bundled. Assets that code reads at run
// time are copied with their source layout, so server/lib/server-paths.ts finds them under
// dist/server exactly where they are under server/.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist', 'server');
const stampFile = path.join(root, 'dist', '.server-build-hash');

/** One line per process or worker thread that production starts. */
export const ENTRIES = [
  { in: 'server/main.ts', out: 'main' },
  { in: 'server/worker.ts', out: 'worker' },
  { in: 'server/backup/backup-cli.ts', out: 'backup-cli' },
  { in: 'server/media/recognition/recognition-worker.ts', out: 'recognition-worker' },
  { in: 'server/media/pdf-render-worker.mjs', out: 'pdf-render-worker' },
];

/** Folders under server/ read at run time, copied to the same place under dist/server. */
const ASSETS = ['db/migrations', 'media/recognition/models'];

// client/src too: visitors' pages render the client's presentational parts on the server (docs/decisions/031).
const inputs = ['server', 'contract', 'client/src', 'package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs'];

function hashTree(hash, p) {
  const stat = fs.statSync(p);
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(p).sort()) hashTree(hash, path.join(p, name));
  } else if (!/\.(unit|int|e2e)\.test\.ts$/.test(p)) {
    hash.update(path.relative(root, p));
    hash.update(fs.readFileSync(p));
  }
}

function digestInputs() {
  const hash = crypto.createHash('sha256');
  for (const i of inputs) if (fs.existsSync(path.join(root, i))) hashTree(hash, path.join(root, i));
  return hash.digest('hex');
}

export async function buildServer({ force = false } = {}) {
  const digest = digestInputs();
  const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : null;
  const complete = ENTRIES.every((e) => fs.existsSync(path.join(out, `${e.out}.js`)));
  if (!force && built === digest && complete) {
    console.log('[build] server is up to date');
    return;
  }
  console.log('[build] building the server…');
  fs.rmSync(out, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  for (const asset of ASSETS) fs.cpSync(path.join(root, 'server', asset), path.join(out, asset), { recursive: true });
  // The bundles are ES modules; say so beside them, so dist/server runs wherever it is copied.
  fs.writeFileSync(path.join(out, 'package.json'), '{ "type": "module" }\n');
  fs.writeFileSync(stampFile, digest);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer({ force: process.argv.includes('--force') });
