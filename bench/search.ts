import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq, sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import type { Database } from '../server/db/client.ts';
import { migrateDatabase } from '../server/composition.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';
import { FILES, FOLDERS, MEMBERS, seedZipf, VOCABULARY, word } from './search-seed.ts';
import { files } from '../server/db/schema/index.ts';
import { cappedCount, fileSearchWhere, wordsPageSql, type FileFilter } from '../server/modules/search/search.repo.ts';
import { cappedCountQuery, indexedOrderSql } from '../server/modules/files/index-orders.ts';
import { parseSearchText } from '../server/modules/search/search-text.ts';
import { percentile } from './mix-stats.ts';

// Search as members call it, over 100 000 files, 10 000 members and 2 000 folders whose words
// follow a Zipf-like law (bench/search-seed.ts): a common word (in half the files), middling
// words (a few thousand), rare words (a few dozen), a prefix, a word's first one and two
// letters, a typo and a member's name. Each
// goes through HTTP as the search page sends it — `GET /api/files/search?q=…&offset=0&limit=20`
// (members and folders first, then files) and `GET /api/files/search/count?q=…`, and the
// member picker `GET /api/users/search/{term}` — one at a time and 20 at once, each against a
// lookup by primary key run the same way in the same run, on PostgreSQL and PGlite.
// BENCH_RUNS sets the runs per case (default 200).

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 10;
const CONCURRENCY = 20;

export type SearchBenchRow = { db: string; at: 'single' | '20 at once'; case: string; p50Ms: number; p95Ms: number; p50Ratio: number; p95Ratio: number; matched: string };

/** Word ranks per case, cycled through by run: common 1 ("sunset"), middling 20–59, rare 1000–1999. */
const rank = {
  common: (_i: number) => 1,
  middling: (i: number) => 20 + (i % 40),
  rare: (i: number) => 1000 + ((i * 7) % 1000),
};

/** Query texts for run i. */
const queries: Record<string, (i: number) => string> = {
  common: (i) => word(rank.common(i)),
  middling: (i) => word(rank.middling(i)),
  rare: (i) => word(rank.rare(i)),
  'prefix of a middling word': (i) => word(rank.middling(i)).slice(0, 4),
  // What the box holds after the first keys of any word: one letter, then two.
  'first letter of a word': (i) => word(rank.middling(i)).slice(0, 1),
  'first two letters of a word': (i) => word(rank.middling(i)).slice(0, 2),
  'typo of a rare word': (i) => {
    const w = word(rank.rare(i));
    return w.slice(0, 3) + (w[3] === 'x' ? 'y' : 'x') + w.slice(4);
  },
  // Usernames are `<word>_<n>` and first names words of the vocabulary (bench/search-seed.ts).
  "a member's username": (i) => `${word(2 + (i * 37) % (VOCABULARY - 1))}_${1 + ((i * 37) % (MEMBERS - 1))}`,
};

/** Runs `once(i)` after a warm-up, `workers` at a time, RUNS times in all; sorted times in ms. */
async function time(once: (i: number) => Promise<unknown>, workers = 1): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await once(i);
  const times: number[] = [];
  let next = 0;
  async function worker() {
    while (next < RUNS) {
      const i = WARMUP + next++;
      const start = performance.now();
      await once(i);
      times.push(performance.now() - start);
    }
  }
  await Promise.all(Array.from({ length: workers }, worker));
  return times.sort((a, b) => a - b);
}

/** The plan as the repository runs it (the session's settings of server/db/session-settings.ts included). */
async function explain(database: Database, query: SQL): Promise<string> {
  const result = (await database.db.execute(sql`explain (analyze, costs off, timing off, summary on) ${query}`)) as unknown as { rows: Record<string, string>[] };
  return result.rows.map((r) => Object.values(r)[0]).join('\n');
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The app as it ships over `database`, and a member's cookie (a member with no folders: visibility is checked in full). */
async function startApp(database: Database) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-bench-'));
  const config = benchConfig(dataDir);
  const app = await buildApp({ config, database });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  config.publicUrl = base;
  const stamp = Date.now() % 1_000_000;
  const register = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    // A new member each run (a reused database holds the earlier runs' searchers).
    body: JSON.stringify({ email: `searcher${stamp}@example.com`, username: `bench_searcher${stamp}`, password: 'secret123', firstName: 'Bench', lastName: 'Searcher' }),
  });
  if (register.status !== 201) throw new Error(`sign-up failed: ${register.status} ${await register.text()}`);
  const cookie = register.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  /** One GET as the browser sends it, read to its end; its JSON. */
  const get = async (pathAndQuery: string): Promise<unknown> => {
    const res = await fetch(base + pathAndQuery, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${pathAndQuery}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return { get, close: async () => (await app.close(), await fs.rm(dataDir, { recursive: true, force: true })) };
}

const q = (text: string) => encodeURIComponent(text);

async function benchOne(kind: 'postgres' | 'pglite'): Promise<{ rows: SearchBenchRow[]; plans: Record<string, string>; seedSeconds: number }> {
  const opened = await openBenchDatabase(kind);
  let app: Awaited<ReturnType<typeof startApp>> | null = null;
  try {
    await migrateDatabase(opened.database);
    const seedSeconds = opened.reused ? 0 : await seedZipf(opened.database);
    const db = opened.database.db;
    app = await startApp(opened.database);
    const { get } = app;
    const viewer = { id: 42, isAdmin: false };
    const page = { offset: 0, limit: 20 };
    const lookup = (i: number) => db.select().from(files).where(eq(files.id, 1 + ((i * 7919) % FILES))).limit(1);
    const rows: SearchBenchRow[] = [];
    const plans: Record<string, string> = {};

    for (const at of ['single', '20 at once'] as const) {
      const workers = at === 'single' ? 1 : CONCURRENCY;
      const key = await time(lookup, workers);
      const base50 = percentile(key, 50);
      const base95 = percentile(key, 95);
      const row = (name: string, t: number[], matched: string): SearchBenchRow => ({
        db: kind, at, case: name, p50Ms: round(percentile(t, 50)), p95Ms: round(percentile(t, 95)),
        p50Ratio: round(percentile(t, 50) / base50), p95Ratio: round(percentile(t, 95) / base95), matched,
      });
      rows.push(row('primary key lookup (database)', key, '1'));
      for (const [name, text] of Object.entries(queries)) {
        const counted = (await get(`/api/files/search/count?q=${q(text(WARMUP))}&resultType=all`)) as { count: number; users: number; folders: number; files: number; capped?: boolean };
        const matched = `${counted.users}/${counted.folders}/${counted.files}${counted.capped ? '+' : ''}`;
        rows.push(row(`${name} ("${text(WARMUP)}"), first page`, await time((i) => get(`/api/files/search?q=${q(text(i))}&offset=0&limit=20`), workers), matched));
        rows.push(row(`${name}, count`, await time((i) => get(`/api/files/search/count?q=${q(text(i))}&resultType=all`), workers), matched));
      }
      // Index orders: a common word's matches (half the files) are read in order from an index;
      // a middling (2–5 %) or rare word's are sorted once the walk gives up.
      for (const [name, sort] of [['common', 'most_liked'], ['middling', 'most_liked'], ['common', 'most_viewed'], ['common', 'alphabetical'], ['rare', 'most_liked']] as const) {
        rows.push(row(`${name}, files only, ${sort.replace('_', ' ')} first`, await time((i) => get(`/api/files/search?q=${q(queries[name](i))}&resultType=files&sortBy=${sort}&offset=0&limit=20`), workers), ''));
      }
      rows.push(row('common, most liked first, page 10 (offset 180)', await time((i) => get(`/api/files/search?q=${q(queries.common(i))}&resultType=files&sortBy=most_liked&offset=180&limit=20`), workers), ''));
      rows.push(row('common, page 10 (offset 180)', await time((i) => get(`/api/files/search?q=${q(queries.common(i))}&offset=180&limit=20`), workers), ''));
      rows.push(row('member picker, typo', await time((i) => get(`/api/users/search/${q(queries['typo of a rare word'](i))}`), workers), ''));
    }

    for (const name of ['common', 'middling', 'rare'] as const) {
      const f: FileFilter = { text: parseSearchText(queries[name](0)) };
      const where = fileSearchWhere(viewer, f, 'words');
      plans[`${name} word, count`] = await explain(opened.database, cappedCountQuery(db, where).getSQL());
      // The statement the repository runs once the count is known: ranked up to the cap, newest first past it.
      const [counted] = await cappedCountQuery(db, where);
      plans[`${name} word, first page by relevance`] = await explain(opened.database, wordsPageSql(where, f.text!, cappedCount(counted.n), page));
      plans[`${name} word, first page most liked first`] = await explain(opened.database, indexedOrderSql(where, 'most_liked', page));
    }
    return { rows, plans, seedSeconds };
  } finally {
    await app?.close();
    await opened.database.close();
    await opened.drop();
  }
}

/** PostgreSQL always; PGlite too unless BENCH_PGLITE=off. BENCH_PLANS=1 prints EXPLAIN ANALYZE. */
export async function benchSearch(): Promise<SearchBenchRow[]> {
  const all: SearchBenchRow[] = [];
  const kinds: ('postgres' | 'pglite')[] = process.env.BENCH_PGLITE === 'off' ? ['postgres'] : process.env.BENCH_PGLITE === 'only' ? ['pglite'] : ['postgres', 'pglite'];
  for (const kind of kinds) {
    const { rows, plans, seedSeconds } = await benchOne(kind);
    all.push(...rows);
    console.log(`\nSearch through HTTP on ${kind}: ${FILES.toLocaleString('en')} files (Zipf-like vocabulary of ${VOCABULARY} words), ${MEMBERS.toLocaleString('en')} members, ${FOLDERS.toLocaleString('en')} folders, seeded in ${seedSeconds.toFixed(1)} s; ${RUNS} runs per case; ${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log('Ratios are to the primary key lookup run the same way (single, or 20 at once) in this run.');
    console.table(rows.map((r) => ({ at: r.at, case: r.case, 'p50 ms': r.p50Ms, 'p95 ms': r.p95Ms, 'p50 ×key': r.p50Ratio, 'p95 ×key': r.p95Ratio, 'members/folders/files': r.matched })));
    if (process.env.BENCH_PLANS) for (const [name, plan] of Object.entries(plans)) console.log(`EXPLAIN ANALYZE (${kind}, ${name}):\n${plan}\n`);
  }
  return all;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await benchSearch();
  process.exit(0);
}
