#!/usr/bin/env node
// Installs what is missing before `npm start` / `npm test`, using nothing but Node itself:
// the npm dependencies when node_modules is absent or older than package-lock.json, Debian's
// ffmpeg (video and audio uploads need ffprobe and ffmpeg, so start needs it as much as tests)
// and libheif-examples (HEIC photos),
// and for tests Debian's Chromium (browser tests never download a browser of their own).
import { execSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'node_modules', '.kaleido-lock-hash');
const lock = path.join(root, 'package-lock.json');

function run(cmd) {
  console.log(`[setup] ${cmd}`);
  execSync(cmd, { cwd: root, stdio: 'inherit' });
}

const lockHash = crypto.createHash('sha256').update(fs.readFileSync(lock)).digest('hex');
const installed = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8') : null;
// Right after a plain `npm ci` / `npm install` (as CI does) there is no stamp yet, but npm's
// own record of the tree is newer than the lock file: nothing to install.
const npmRecord = path.join(root, 'node_modules', '.package-lock.json');
const freshNpmInstall = !installed && fs.existsSync(npmRecord) && fs.statSync(npmRecord).mtimeMs >= fs.statSync(lock).mtimeMs;
if (freshNpmInstall) fs.writeFileSync(stamp, lockHash);
else if (installed !== lockHash) {
  run(fs.existsSync(path.join(root, 'node_modules')) ? 'npm install --no-audit --no-fund' : 'npm ci --no-audit --no-fund');
  fs.writeFileSync(stamp, lockHash);
}

function onPath(command) {
  return spawnSync(command, ['-version'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
}

// libheif's tools print their usage and exit non-zero on any flag; being found is enough.
function onSearchPath(command) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, command)));
}

const debianPackages = [];
// Debian's packages get security updates; a media tool from npm would not.
if (!onPath('ffprobe') || !onPath('ffmpeg')) debianPackages.push('ffmpeg');
// HEIC/HEIF photos: libheif's decoder (heif-convert in Debian 12, heif-dec later) and, for the
// tests' fixtures, its encoder heif-enc (docs/decisions/020-phone-media.md).
if (!(onSearchPath('heif-dec') || onSearchPath('heif-convert')) || !onSearchPath('heif-enc')) debianPackages.push('libheif-examples');
if (process.argv.includes('--test') && !fs.existsSync('/usr/bin/chromium')) debianPackages.push('chromium');
if (debianPackages.length > 0) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${debianPackages.join(' ')}`);
}
