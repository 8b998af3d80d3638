import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client.ts';

// The search benchmark's data: 100 000 files, 10 000 members and 2 000 folders whose names, tags and
// descriptions are drawn from one vocabulary at natural, Zipf-like frequencies, so some words
// are in half the files (as "sunset" is on a photo site), some in a few thousand, most in a few
// dozen.

export const FILES = 100_000;
export const MEMBERS = 10_000;
export const VOCABULARY = 2000;
export const FOLDERS = 2000;

/**
 * The word of rank n (1 = most frequent): "sunset", then made-up seven-letter words over 16
 * letters (md5 with digits turned into letters), so words share trigrams about as often as
 * real words do. The same function in SQL as `bench_word` below.
 */
export function word(rank: number): string {
  if (rank === 1) return 'sunset';
  return crypto.createHash('md5').update(String(rank)).digest('hex').slice(0, 7).replace(/[0-9]/g, (d) => 'ghijklmnop'[Number(d)]);
}

/**
 * Token k of file g gets a rank drawn log-uniformly from 1…VOCABULARY (a continuous Zipf law
 * with exponent 1: P(rank ≤ r) = ln(r+1)/ln(V+1)) from a hash of (g, k), so the data is the
 * same on every run and both databases. Rank 1 is ~9 % of all words and in about half the files.
 */
async function createWordFunctions(database: Database): Promise<void> {
  await database.db.execute(sql.raw(`create function bench_word(n bigint) returns text language sql immutable as
    $$ select case when n = 1 then 'sunset' else translate(substr(md5(n::text), 1, 7), '0123456789', 'ghijklmnop') end $$`));
  await database.db.execute(sql.raw(`create function bench_zipf(g bigint, k int) returns text language sql immutable as
    $$ select bench_word(least(${VOCABULARY}, floor(exp(
         (('x' || substr(md5(g || ':' || k), 1, 8))::bit(32)::bigint)::float8 / 4294967296.0 * ln(${VOCABULARY} + 1)))::bigint)) $$`));
}

/**
 * Seeds the members, files (10 % private; eight words a file: three in the name, three in the
 * description, two tags) and folders, and returns the seconds it took.
 */
export async function seedZipf(database: Database): Promise<number> {
  const start = performance.now();
  const db = database.db;
  await createWordFunctions(database);
  await db.execute(sql`
    insert into users (email, username, password_hash, first_name, last_name)
    select 'm' || g || '@example.com', bench_word(2 + g % ${VOCABULARY - 1}) || '_' || g, 'x',
           initcap(bench_word(2 + (g * 7) % ${VOCABULARY - 1})), initcap(bench_word(2 + (g * 13 + 1) % ${VOCABULARY - 1}))
    from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`
    insert into files (user_id, name, description, tags, original_name, file_type, kind, size, key_base, storage_key, is_public, like_count, view_count)
    select 1 + g % ${MEMBERS},
           initcap(bench_zipf(g, 1)) || ' ' || bench_zipf(g, 2) || ' ' || bench_zipf(g, 3),
           'A ' || bench_zipf(g, 4) || ' with ' || bench_zipf(g, 5) || ' and ' || bench_zipf(g, 6),
           array[bench_zipf(g, 7), bench_zipf(g, 8)],
           'f' || g || '.jpg', 'image/jpeg', (array['image','video','audio','pdf','document'])[1 + g % 5], 1000,
           'b/' || g, 'b/' || g || '/o', g % 10 <> 0, g % 97, g % 1013
    from generate_series(1, ${FILES}) g`);
  // Folders named like files (a third private): the first page of a search lists them before files.
  await db.execute(sql`
    insert into folders (user_id, name, description, is_public)
    select 1 + (g * 5) % ${MEMBERS}, initcap(bench_zipf(g + ${FILES}, 1)) || ' ' || bench_zipf(g + ${FILES}, 2),
           'Folder of ' || bench_zipf(g + ${FILES}, 3), g % 3 <> 0
    from generate_series(1, ${FOLDERS}) g`);
  await db.execute(sql`analyze`);
  return (performance.now() - start) / 1000;
}
