#!/usr/bin/env node
// Builds the React client into dist/client unless nothing it is built from has changed, so a
// second `npm start` is fast.
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist', 'client');
const stampFile = path.join(root, 'dist', '.client-build-hash');
const inputs = ['client', 'contract', 'vite.config.ts', 'scripts/vite-precompress.ts', 'package-lock.json'];

function hashTree(hash, p) {
  const stat = fs.statSync(p);
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(p).sort()) if (name !== 'node_modules') hashTree(hash, path.join(p, name));
  } else {
    hash.update(path.relative(root, p));
    hash.update(fs.readFileSync(p));
  }
}

const hash = crypto.createHash('sha256');
for (const i of inputs) hashTree(hash, path.join(root, i));
const digest = hash.digest('hex');
const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : null;

if (built === digest && fs.existsSync(path.join(out, 'index.html'))) {
  console.log('[build] client is up to date');
} else {
  console.log('[build] building the client…');
  // Always the production build, as `npm start` serves it: under the test runner NODE_ENV is
  // 'test', which would otherwise bundle React's development build.
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  fs.writeFileSync(stampFile, digest);
}
