import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { migrateDatabase } from '../server/composition.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';
import { seed } from './feed.ts';

// A visitor's public file page against a member's feed page (docs/decisions/031), each served to
// 200 different people in the same run: 200 members with their own sessions asking their feed's
// first page (`GET /api/files`), and 200 visitors (no cookie, each with its own browser headers)
// opening one shared file's page (`GET /file/{id}`, brotli as browsers ask). The goal: the visitor
// page costs at most 2× the feed page, i.e. visitor req/s ≥ 0.5 × member req/s.

const PEOPLE = 200;

type AutocannonRequest = { method: 'GET'; path: string; headers: Record<string, string> };
type AutocannonResult = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
type Autocannon = (opts: { url: string; connections: number; duration: number; requests: AutocannonRequest[] }) => Promise<AutocannonResult>;
// autocannon ships no types; the one call used here is typed above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export type PublicPagesBenchRow = { db: string; memberRps: number; visitorRps: number; ratio: number; memberP99Ms: number; visitorP99Ms: number; pageBytes: number; fromMemory: string };

async function measure(url: string, requests: AutocannonRequest[], seconds: number): Promise<AutocannonResult> {
  await autocannon({ url, connections: 10, duration: 1, requests }); // warm-up: JIT, plans, caches
  const result = await autocannon({ url, connections: 10, duration: seconds, requests });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

async function benchOne(kind: 'postgres' | 'pglite', seconds: number): Promise<PublicPagesBenchRow> {
  const opened = await openBenchDatabase(kind);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-bench-'));
  const config = benchConfig(dataDir);
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    await migrateDatabase(opened.database);
    // 10 000 files: what is compared is two cached pages, not a deep scan (the feed bench has 100 000).
    await seed(opened.database, 10_000);
    app = await buildApp({ config, database: opened.database });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    config.publicUrl = base;

    const members: AutocannonRequest[] = [];
    for (let i = 0; i < PEOPLE; i++) {
      const res = await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email: `reader${i}@example.com`, username: `reader_${i}`, password: 'secret123', firstName: 'Reader', lastName: String(i) }),
      });
      if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
      const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      members.push({ method: 'GET', path: '/api/files?offset=0&limit=20', headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } });
    }
    const [{ id }] = (await opened.database.db.execute<{ id: number }>(sql`select max(id) as id from files where is_public`) as unknown as { rows: { id: number }[] }).rows;
    const visitors: AutocannonRequest[] = Array.from({ length: PEOPLE }, (_, i) => ({
      method: 'GET',
      path: `/file/${id}`,
      headers: { 'user-agent': `Mozilla/5.0 (visitor ${i})`, 'accept-language': i % 2 ? 'pt-PT' : 'en-GB', accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
    }));
    const page = await fetch(`${base}/file/${id}`, { headers: visitors[0].headers });
    if (page.status !== 200) throw new Error(`the public page answered ${page.status}`);
    const pageBytes = (await page.arrayBuffer()).byteLength;

    const member = await measure(base, members, seconds);
    const before = app.publicPages.stats();
    const visitor = await measure(base, visitors, seconds);
    const after = app.publicPages.stats();
    return {
      db: kind,
      memberRps: Math.round(member.requests.average),
      visitorRps: Math.round(visitor.requests.average),
      ratio: Math.round((visitor.requests.average / member.requests.average) * 100) / 100,
      memberP99Ms: member.latency.p99,
      visitorP99Ms: visitor.latency.p99,
      pageBytes,
      fromMemory: `${after.hits - before.hits} of ${after.hits - before.hits + after.misses - before.misses}`,
    };
  } finally {
    await app?.close();
    await opened.database.close();
    await opened.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** PostgreSQL always; PGlite too unless BENCH_PGLITE=off. */
export async function benchPublicPages({ seconds = 5 } = {}): Promise<PublicPagesBenchRow[]> {
  const kinds: ('postgres' | 'pglite')[] = process.env.BENCH_PGLITE === 'off' ? ['postgres'] : ['postgres', 'pglite'];
  const rows: PublicPagesBenchRow[] = [];
  for (const kind of kinds) rows.push(await benchOne(kind, seconds));
  console.log(`\nPublic pages: a visitor's file page (GET /file/{id}) for ${PEOPLE} visitors vs a member's feed page (GET /api/files) for ${PEOPLE} members`);
  console.log(`10 connections, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; goal: visitor/member ≥ 0.5`);
  console.table(rows.map((r) => ({ db: r.db, 'member req/s': r.memberRps, 'visitor req/s': r.visitorRps, 'visitor/member': r.ratio, 'member p99 ms': r.memberP99Ms, 'visitor p99 ms': r.visitorP99Ms, 'page HTML bytes': r.pageBytes, 'pages from memory': r.fromMemory })));
  return rows;
}
