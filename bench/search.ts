import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq, sql, type SQL } from 'drizzle-orm';
import { migrateDatabase, type Database } from '../server/db/client.ts';
import { openBenchDatabase } from './bench-database.ts';
import { files } from '../server/db/schema/index.ts';
import { createSearchRepo, fileOrder, fileSearchWhere, type FileFilter } from '../server/modules/search/search.repo.ts';
import { parseSearchText } from '../server/modules/search/search-text.ts';

// Search latency over 100 000 files and 10 000 members: one-word, prefix and typo queries
// (list page + count, as the page asks for both) against a lookup by primary key run the same
// way (one at a time, same connection pool, same process), on PostgreSQL and PGlite.

const FILES = 100_000;
const MEMBERS = 10_000;
const VOCABULARY = 2000;
const RUNS = 200;
const WARMUP = 20;

export type SearchBenchRow = { db: string; case: string; p50Ms: number; p95Ms: number; p50Ratio: number; p95Ratio: number; rowsMatched: number };

/**
 * The n-th word of a made-up vocabulary of 2000 seven-letter words over 16 letters (md5 with
 * digits turned into letters), so words share trigrams about as often as real words do; a
 * vocabulary of a few syllables would make every trigram match a tenth of the table.
 */
function word(n: number): string {
  return crypto.createHash('md5').update(String(n)).digest('hex').slice(0, 7).replace(/[0-9]/g, (d) => 'ghijklmnop'[Number(d)]);
}

/**
 * 10 000 members and 100 000 files (10 % private) whose names, tags and descriptions are drawn
 * from the vocabulary, so each word is in about 550 files, like a real word of middling
 * frequency. The same word function in SQL as in `word` above.
 */
async function seed(database: Database): Promise<number> {
  const start = performance.now();
  const db = database.db;
  await db.execute(sql.raw(`create function bench_word(n bigint) returns text language sql immutable as
    $$ select translate(substr(md5(n::text), 1, 7), '0123456789', 'ghijklmnop') $$`));
  await db.execute(sql`
    insert into users (email, username, password_hash, first_name, last_name)
    select 'm' || g || '@example.com', bench_word(g % ${VOCABULARY}) || '_' || g, 'x',
           initcap(bench_word((g * 7) % ${VOCABULARY})), initcap(bench_word((g * 13 + 1) % ${VOCABULARY}))
    from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`
    insert into files (user_id, name, description, tags, original_name, file_type, kind, size, key_base, storage_key, is_public, like_count, view_count)
    select 1 + g % ${MEMBERS},
           initcap(bench_word((g::bigint * 7919) % ${VOCABULARY})) || ' ' || bench_word((g::bigint * 104729 + 13) % ${VOCABULARY}) || ' ' || bench_word((g::bigint * 1299709 + 7) % ${VOCABULARY}),
           'A ' || bench_word((g * 31 + 3) % ${VOCABULARY}) || ' with ' || bench_word((g * 37 + 11) % ${VOCABULARY}) || ' and ' || bench_word((g * 41 + 17) % ${VOCABULARY}),
           array[bench_word((g * 43 + 19) % ${VOCABULARY}), bench_word((g * 47 + 23) % ${VOCABULARY})],
           'f' || g || '.jpg', 'image/jpeg', (array['image','video','audio','pdf','document'])[1 + g % 5], 1000,
           'b/' || g, 'b/' || g || '/o', g % 10 <> 0, g % 97, g % 1013
    from generate_series(1, ${FILES}) g`);
  await db.execute(sql`analyze`);
  return (performance.now() - start) / 1000;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `once(i)` RUNS times one after another (after a warm-up) and returns the sorted times in ms. */
async function time(once: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await once(i);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await once(i + WARMUP);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

/** Query texts for run i: a whole word, its first four letters, the word with its middle letter wrong. */
const queries = {
  'one word': (i: number) => word((i * 7 + 3) % VOCABULARY),
  prefix: (i: number) => word((i * 7 + 3) % VOCABULARY).slice(0, 4),
  typo: (i: number) => {
    const w = word((i * 7 + 3) % VOCABULARY);
    return w.slice(0, 3) + (w[3] === 'x' ? 'y' : 'x') + w.slice(4);
  },
};

/** The plan as the repository runs it (the session's settings of server/db/session-settings.ts included). */
async function explain(database: Database, query: SQL): Promise<string> {
  const result = (await database.db.execute(sql`explain (analyze, costs off, timing off, summary off) ${query}`)) as unknown as { rows: Record<string, string>[] };
  return result.rows.map((r) => Object.values(r)[0]).join('\n');
}

async function benchOne(kind: 'postgres' | 'pglite'): Promise<{ rows: SearchBenchRow[]; plans: Record<string, string>; seedSeconds: number }> {
  const opened = await openBenchDatabase(kind);
  try {
    await migrateDatabase(opened.database);
    const seedSeconds = await seed(opened.database);
    const db = opened.database.db;
    const repo = createSearchRepo(db);
    // A member with no folders: the visibility rule is evaluated in full, as for most viewers.
    const viewer = { id: 42, isAdmin: false };
    const page = { offset: 0, limit: 20 };

    const lookup = await time((i) => db.select().from(files).where(eq(files.id, 1 + ((i * 7919) % FILES))).limit(1));
    const base50 = percentile(lookup, 50);
    const base95 = percentile(lookup, 95);
    const round = (n: number) => Math.round(n * 100) / 100;
    const rows: SearchBenchRow[] = [{ db: kind, case: 'primary key lookup', p50Ms: round(base50), p95Ms: round(base95), p50Ratio: 1, p95Ratio: 1, rowsMatched: 1 }];
    const plans: Record<string, string> = {};
    for (const [name, text] of Object.entries(queries)) {
      const filter = (i: number): FileFilter => ({ text: parseSearchText(text(i)) });
      // What the search page asks for a query: the first page by relevance and the count.
      const times = await time((i) => Promise.all([repo.fileIds(viewer, filter(i), 'relevance', page), repo.countFiles(viewer, filter(i))]));
      const matched = await repo.countFiles(viewer, filter(0));
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      rows.push({ db: kind, case: `${name} (e.g. "${text(0)}")`, p50Ms: round(p50), p95Ms: round(p95), p50Ratio: round(p50 / base50), p95Ratio: round(p95 / base95), rowsMatched: matched });
      const f = filter(0);
      const { mode } = await repo.modeFor(viewer, f);
      plans[`${name}, matched by ${mode}`] = await explain(
        opened.database,
        db.select({ id: files.id }).from(files).where(fileSearchWhere(viewer, f, mode)).orderBy(...fileOrder('relevance', f.text, mode)).limit(20).getSQL(),
      );
    }
    const users = await time((i) => repo.users(parseSearchText(queries.typo(i))!, 'relevance', page));
    rows.push({ db: kind, case: 'member, typo', p50Ms: round(percentile(users, 50)), p95Ms: round(percentile(users, 95)), p50Ratio: round(percentile(users, 50) / base50), p95Ratio: round(percentile(users, 95) / base95), rowsMatched: (await repo.users(parseSearchText(queries.typo(0))!, 'relevance', { offset: 0, limit: 100 })).length });
    return { rows, plans, seedSeconds };
  } finally {
    await opened.database.close();
    await opened.drop();
  }
}

/** PostgreSQL always; PGlite too unless BENCH_PGLITE=off. */
export async function benchSearch(): Promise<SearchBenchRow[]> {
  const all: SearchBenchRow[] = [];
  const kinds: ('postgres' | 'pglite')[] = process.env.BENCH_PGLITE === 'off' ? ['postgres'] : ['postgres', 'pglite'];
  for (const kind of kinds) {
    const { rows, plans, seedSeconds } = await benchOne(kind);
    all.push(...rows);
    console.log(`\nSearch on ${kind}: ${FILES.toLocaleString('en')} files, ${MEMBERS.toLocaleString('en')} members, seeded in ${seedSeconds.toFixed(1)} s; ${RUNS} runs one at a time; ${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.table(rows.map((r) => ({ case: r.case, 'p50 ms': r.p50Ms, 'p95 ms': r.p95Ms, 'p50 ×key': r.p50Ratio, 'p95 ×key': r.p95Ratio, matched: r.rowsMatched })));
    for (const [name, plan] of Object.entries(plans)) console.log(`EXPLAIN ANALYZE (${kind}, ${name}, first page by relevance):\n${plan}\n`);
  }
  return all;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await benchSearch();
  process.exit(0);
}
