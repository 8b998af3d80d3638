import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import type { Database } from '../server/db/client.ts';
import { migrateDatabase } from '../server/composition.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';

// Feed throughput with 100 000 files: `GET /api/files` at offset 0 and at offset 10 000 (with
// `before`, as the client sends it, and without, to show what the keyset saves), each against
// a bare node:http server in the same process sending the identical bytes.

const FILES = 100_000;
const DEEP = 10_000;
const PAGE = 20;

type AutocannonResult = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
type Autocannon = (opts: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<AutocannonResult>;
// autocannon ships no types; the one call used here is typed above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export type FeedBenchRow = { db: string; case: string; appRps: number; bareRps: number; ratio: number; ratioRange: [number, number]; appP50Ms: number; appP99Ms: number };

/** Header lines node's HTTP server writes itself (or the length, set per body). */
const NODE_ADDS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** App and bare rounds taking turns per case (BENCH_FEED_ROUNDS): one slow round on a shared machine does not decide the ratio. */
const ROUNDS = Number(process.env.BENCH_FEED_ROUNDS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round3 = (n: number) => Math.round(n * 1000) / 1000;
export type FeedBenchResult = { rows: FeedBenchRow[]; seed: { db: string; seconds: number }[] };



/** 200 owners and 100 000 files (or `count`; 10 % private, mixed kinds) in two INSERT … SELECT statements. */
export async function seed(database: Database, count = FILES): Promise<number> {
  const start = performance.now();
  await database.db.execute(sql`
    insert into users (email, username, password_hash, first_name, last_name)
    select 'seed' || g || '@example.com', 'seed_' || g, 'x', 'Seed', 'Owner ' || g from generate_series(1, 200) g`);
  await database.db.execute(sql`
    insert into files (user_id, name, description, tags, original_name, file_type, kind, size, key_base, storage_key,
                       webp_key, webp_size, thumbnail_key, thumbnail_size, width, height, placeholder, is_public,
                       like_count, view_count, comment_count, created_at)
    select u.id, 'Photo ' || g, 'Seeded file number ' || g, array['seed', 'tag' || (g % 50)], 'photo' || g || '.jpg',
           'image/jpeg', 'image', 100000 + g % 5000, k, k || '_original.jpg', k || '.webp', 50000, 'thumbnails/' || k || '_thumb.webp', 8000,
           1600, 1200, 'data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', g % 10 <> 0,
           g % 97, g % 1013, g % 7, now() - make_interval(secs => ${count} - g)
    from generate_series(1, ${count}) g
    cross join lateral (select substr(md5(g::text), 1, 2) || '/' || substr(md5(g::text), 3, 2) || '/' ||
                               substr(md5('k' || g), 1, 8) || '-' || substr(md5('k' || g), 9, 4) || '-' || substr(md5('k' || g), 13, 4) || '-' ||
                               substr(md5('k' || g), 17, 4) || '-' || substr(md5('k' || g), 21, 12) as k) key
    join users u on u.username = 'seed_' || (1 + g % 200)`);
  await database.db.execute(sql`analyze`);
  return (performance.now() - start) / 1000;
}

async function warmUp(url: string, headers: Record<string, string>): Promise<void> {
  await autocannon({ url, headers, connections: 10, duration: 1 }); // JIT, plans, pool
}

async function measure(url: string, headers: Record<string, string>, seconds: number): Promise<AutocannonResult> {
  const result = await autocannon({ url, headers, connections: 10, duration: seconds });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

async function benchOne(kind: 'postgres' | 'pglite', seconds: number): Promise<{ rows: FeedBenchRow[]; seedSeconds: number }> {
  const opened = await openBenchDatabase(kind);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-bench-'));
  let bare: http.Server | null = null;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    await migrateDatabase(opened.database);
    const seedSeconds = await seed(opened.database);
    const config = benchConfig(dataDir);
    app = await buildApp({ config, database: opened.database });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    config.publicUrl = base;

    const register = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'bench@example.com', username: 'bench_viewer', password: 'secret123', firstName: 'Bench', lastName: 'Viewer' }),
    });
    if (register.status !== 201) throw new Error(`sign-up failed: ${register.status} ${await register.text()}`);
    const headers = { cookie: register.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };

    // The id at position 10 000 is what the client holds when it asks for that page.
    const get = (query: string) => fetch(`${base}/api/files?${query}`, { headers });
    const getText = async (query: string) => (await get(query)).text();
    const first = await get(`offset=0&limit=${PAGE}`);
    const firstPage = await first.text();
    const previous = JSON.parse(await getText(`offset=${DEEP - 1}&limit=1`)) as { id: number }[];
    const deepQuery = `offset=${DEEP}&limit=${PAGE}&before=${previous[0].id}`;
    const deepPage = await getText(deepQuery);
    const deepByOffset = await getText(`offset=${DEEP}&limit=${PAGE}`);
    if ((JSON.parse(deepPage) as unknown[]).length !== PAGE || deepPage !== deepByOffset) throw new Error('before and offset disagree');

    // The floor: node's own HTTP server writing the same bytes, no routing, no hooks: the app's
    // body and headers (node adds the same date and keep-alive lines to both), so the generator,
    // which shares this process, reads as much from each.
    const bodies: Record<string, Buffer> = { '/first': Buffer.from(firstPage), '/deep': Buffer.from(deepPage) };
    const sameHeaders = Object.fromEntries([...first.headers].filter(([name]) => !NODE_ADDS.has(name)));
    bare = http.createServer((req, res) => {
      const body = bodies[req.url ?? ''];
      res.writeHead(body ? 200 : 404, { ...sameHeaders, 'content-length': body?.length ?? 0 });
      res.end(body);
    });
    await new Promise<void>((resolve) => bare!.listen(0, '127.0.0.1', resolve));
    const bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

    const cases = [
      { name: 'offset 0', app: `offset=0&limit=${PAGE}`, bare: '/first' },
      { name: `offset ${DEEP} + before`, app: deepQuery, bare: '/deep' },
      { name: `offset ${DEEP}, no before`, app: `offset=${DEEP}&limit=${PAGE}`, bare: '/deep' },
    ];
    const rows: FeedBenchRow[] = [];
    for (const c of cases) {
      const appUrl = `${base}/api/files?${c.app}`;
      await warmUp(appUrl, headers);
      await warmUp(bareBase + c.bare, {});
      const rounds: { real: AutocannonResult; plain: AutocannonResult; ratio: number }[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const real = await measure(appUrl, headers, seconds);
        const plain = await measure(bareBase + c.bare, {}, seconds);
        rounds.push({ real, plain, ratio: real.requests.average / plain.requests.average });
      }
      const ratios = rounds.map((r) => r.ratio);
      // The round whose ratio is the median gives the rates and latencies shown beside it.
      const middle = rounds.find((r) => r.ratio === median(ratios))!;
      rows.push({
        db: kind,
        case: c.name,
        appRps: Math.round(middle.real.requests.average),
        bareRps: Math.round(middle.plain.requests.average),
        ratio: round3(middle.ratio),
        ratioRange: [round3(Math.min(...ratios)), round3(Math.max(...ratios))],
        appP50Ms: middle.real.latency.p50,
        appP99Ms: middle.real.latency.p99,
      });
    }
    return { rows, seedSeconds };
  } finally {
    await new Promise((resolve) => (bare ? bare.close(resolve) : resolve(undefined)));
    await app?.close();
    await opened.database.close();
    await opened.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** PostgreSQL always; PGlite too unless BENCH_PGLITE=off. */
export async function benchFeed({ seconds = 3 } = {}): Promise<FeedBenchResult> {
  const result: FeedBenchResult = { rows: [], seed: [] };
  const kinds: ('postgres' | 'pglite')[] = process.env.BENCH_PGLITE === 'off' ? ['postgres'] : ['postgres', 'pglite'];
  for (const kind of kinds) {
    const { rows, seedSeconds } = await benchOne(kind, seconds);
    result.rows.push(...rows);
    result.seed.push({ db: kind, seconds: Math.round(seedSeconds * 10) / 10 });
  }
  printFeed(result);
  return result;
}

export function printFeed(result: FeedBenchResult): void {
  console.log(`\nFeed: GET /api/files (limit ${PAGE}) over ${FILES.toLocaleString('en')} files vs a bare node:http server sending the same bytes`);
  console.log(`seeded in ${result.seed.map((s) => `${s.db} ${s.seconds} s`).join(', ')}; 10 connections, ${ROUNDS} rounds each of app then bare, the median shown; ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.table(result.rows.map((r) => ({ db: r.db, case: r.case, 'app req/s': r.appRps, 'bare req/s': r.bareRps, 'app/bare': r.ratio, 'rounds': `${r.ratioRange[0]}–${r.ratioRange[1]}`, 'app p50 ms': r.appP50Ms, 'app p99 ms': r.appP99Ms })));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await benchFeed();
}
