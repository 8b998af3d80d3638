#!/usr/bin/env node
// Runs every suite: unit, integration on PGlite, integration on PostgreSQL, browser, and the
// scale test (several built processes on PostgreSQL, Redis and S3). Starts PostgreSQL and Redis
// when they are down, then prints the totals as `N passed, N failed`. `node scripts/run-tests.mjs
// scale` (npm run test:scale) runs one suite by name.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });
const only = process.argv.slice(2);

function pgReady() {
  return spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' }).status === 0;
}

function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL || pgReady()) return;
  console.log('[test] PostgreSQL is down; starting it');
  const versions = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
  if (!versions.length) throw new Error('PostgreSQL is not installed: set TEST_DATABASE_URL to a server to test against');
  execSync(`pg_ctlcluster --skip-systemctl-redirect ${versions[0]} main start`, { stdio: 'inherit' });
  for (let i = 0; i < 30 && !pgReady(); i++) execSync('sleep 1');
}

function redisReady() {
  return spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG';
}

function ensureRedis() {
  if (process.env.TEST_REDIS_URL || redisReady()) return;
  console.log('[test] Redis is down; starting it');
  execSync("redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no", { stdio: 'inherit' });
  for (let i = 0; i < 30 && !redisReady(); i++) execSync('sleep 1');
}

const suites = [
  { name: 'unit', args: ['--project', 'unit'], env: {} },
  { name: 'integration-pglite', args: ['--project', 'integration'], env: { TEST_DB: 'pglite' }, before: () => (ensurePostgres(), ensureRedis()) },
  { name: 'integration-postgres', args: ['--project', 'integration'], env: { TEST_DB: 'postgres' }, before: () => (ensurePostgres(), ensureRedis()) },
  { name: 'e2e', args: ['--project', 'e2e'], env: {} },
  { name: 'scale', args: ['--project', 'scale'], env: {}, before: () => (ensurePostgres(), ensureRedis()) },
].filter((s) => !only.length || only.includes(s.name));

let passed = 0;
let failed = 0;
let broken = false;
/** Each failed test as `suite › file › name` with its first message line, repeated before the totals (a CI log's tail is often all that is kept). */
const failures = [];

// Types first: a type error is a failure even when every test happens to pass.
if (!only.length) {
  console.log('\n=== typecheck ===');
  const tsc = spawnSync('npx', ['tsc', '--noEmit', '-p', '.'], { cwd: root, stdio: 'inherit' });
  if (tsc.status !== 0) {
    console.log('[test] typecheck failed');
    broken = true;
  }
}

for (const s of suites) {
  console.log(`\n=== ${s.name} ===`);
  s.before?.();
  const out = path.join(results, `${s.name}.json`);
  fs.rmSync(out, { force: true });
  const r = spawnSync(
    'npx',
    ['vitest', 'run', ...s.args, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...s.env } },
  );
  if (!fs.existsSync(out)) {
    console.log(`[test] ${s.name} produced no report (exit ${r.status})`);
    broken = true;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  // A file that failed with no failed test (it did not load, or a hook failed and its tests
  // were skipped) counts as one failure, so the totals never say 0 failed over a failed run.
  const failedFiles = (report.testResults ?? []).filter((file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'));
  const suiteFailed = report.numFailedTests + failedFiles.length;
  passed += report.numPassedTests;
  failed += suiteFailed;
  if (r.status !== 0 && suiteFailed === 0) broken = true;
  const firstLine = (message) => String(message ?? '').split('\n', 1)[0].slice(0, 300);
  for (const file of report.testResults ?? [])
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed') failures.push(`${s.name} › ${path.relative(root, file.name)} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  for (const file of failedFiles) failures.push(`${s.name} › ${path.relative(root, file.name)}: ${firstLine(file.message)}`);
  console.log(`[test] ${s.name}: ${report.numPassedTests} passed, ${suiteFailed} failed`);
}
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
