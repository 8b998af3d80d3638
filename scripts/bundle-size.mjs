// Gzip size of the JavaScript the landing page loads first: the entry script and every module
// index.html preloads. `node scripts/bundle-size.mjs [dist/client]`; exits 1 over the budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET = 150 * 1024;
const dir = path.resolve(process.argv[2] ?? 'dist/client');
const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
const urls = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const url of urls) {
  const size = zlib.gzipSync(fs.readFileSync(path.join(dir, url))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${url}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} kB  first-load JavaScript (gzip), budget ${BUDGET / 1024} kB`);
process.exit(total > BUDGET ? 1 : 0);
