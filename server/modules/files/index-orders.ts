import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP } from '../../../contract/search';
import type { Db } from '../../db/client';
import { fileCounts, files } from '../../db/schema/index';

// Pages of files as one statement each: search's capped count, and the explicit orders that
// read an index in order (most liked, most viewed, alphabetical) for search and the explore feed.

export type Page = { offset: number; limit: number };

/**
 * How many files match `where`, reading at most SEARCH_COUNT_CAP + 1 of them (`limit` in a
 * subquery): a word in half the files would otherwise make every count read and check tens of
 * thousands of rows.
 */
export function cappedCountQuery(db: Db, where: SQL) {
  const matches = db.select({ one: sql`1` }).from(files).where(where).limit(SEARCH_COUNT_CAP + 1).as('matches');
  return db.select({ n: sql<number>`count(*)::int`.as('n') }).from(matches);
}

/** One page of `files` under `where`, in `order`. */
export function pageSql(where: SQL, order: SQL[], page: Page): SQL {
  return sql`(select ${files.id} as id from ${files} where ${where} order by ${sql.join(order, sql`, `)} limit ${page.limit} offset ${page.offset})`;
}

/**
 * The explicit orders a page can read from an index (docs/decisions/011-search.md, "Index
 * orders"): the counters from file_counts' (a copy kept by triggers), names from files' own.
 * `walk` is the order as the index reads it, `files` the same order on `files` for the sort.
 */
export type IndexedSort = 'most_liked' | 'most_viewed' | 'alphabetical';
type IndexOrder = { from: SQL; walk: SQL[]; files: SQL[] };
const withCounts = sql`${fileCounts} join ${files} on ${files.id} = ${fileCounts.fileId}`;
const lowerName = sql`lower(${files.name})`;
const orders: Record<IndexedSort, IndexOrder> = {
  most_liked: { from: withCounts, walk: [desc(fileCounts.likeCount), desc(fileCounts.fileId)], files: [desc(files.likeCount), desc(files.id)] },
  most_viewed: { from: withCounts, walk: [desc(fileCounts.viewCount), desc(fileCounts.fileId)], files: [desc(files.viewCount), desc(files.id)] },
  alphabetical: { from: sql`${files}`, walk: [asc(lowerName), asc(files.id)], files: [asc(lowerName), asc(files.id)] },
};

export function isIndexedSort(sort: string): sort is IndexedSort {
  return Object.hasOwn(orders, sort);
}

/** The order on `files` itself (the sort's; the copy being equal, the walk's too). */
export function indexedOrder(sort: IndexedSort): SQL[] {
  return orders[sort].files;
}

/**
 * How far the walk reads before the matches are sorted instead: ten rows for each row the page
 * needs (matches in at least one file in ten), and never more than 1,000. A walk that gives up
 * costs at most that many rows (7 µs each); planned for more, PostgreSQL chose a parallel scan
 * whose workers took longer to start than the walk.
 */
const WALK_ROWS_PER_ROW = 10;
const WALK_ROWS_MAX = 1_000;

/**
 * A page most liked, most viewed or alphabetical first in one statement. It reads files in that
 * order from its index and keeps the matches, up to the walk's bound: a word in half the files
 * fills a first page after about 40 rows. When the walk does not fill the page (rarer matches,
 * or the last page), the matches come from their own indexes and are sorted, as before; a page
 * deeper than the bound is sorted at once. `offset 0` fences the walk: the planner neither
 * pushes the condition into it (its estimate of a text match made it sort every match again)
 * nor sorts, and plans it for the first rows. The walk's CTE is read lazily: `found` stops at
 * the page's last row and the page reads the same rows again.
 */
export function indexedOrderSql(where: SQL, sort: IndexedSort, page: Page): SQL {
  const order = orders[sort];
  const needed = page.offset + page.limit;
  if (needed > WALK_ROWS_MAX) return pageSql(where, order.files, page);
  const walkRows = Math.min(needed * WALK_ROWS_PER_ROW, WALK_ROWS_MAX);
  const walk = sql`select ${files.id} as id, (${where}) as ok from ${order.from} order by ${sql.join(order.walk, sql`, `)} offset 0`;
  const found = sql`(select n from found) = ${needed}`;
  return sql`with walked as materialized (select id, ok from (${walk}) walk limit ${walkRows}),
    found as (select count(*)::int as n from (select 1 from walked where ok limit ${needed}) enough)
    (select id from walked where ok and ${found} limit ${page.limit} offset ${page.offset})
    union all ${pageSql(and(where, sql`not ${found}`)!, order.files, page)}`;
}
