import { types, type PGlite, type ParserOptions, type QueryOptions, type Results } from '@electric-sql/pglite';

// Drizzle reads dates, times and intervals (and arrays of them, and numeric arrays) as their
// text, and drizzle-orm/pglite asks PGlite for that by passing these types' parsers with every
// statement. PGlite then merges them into its map of every type's parser, about 300 entries,
// per statement: a tenth of a millisecond, over a quarter of a trivial statement's cost
// (bench/README.md, "PGlite's parsers"). So the embedded database reads these types as text
// itself, Drizzle's statements go without parsers (pglite-drizzle-client.ts), and the job
// queue, which expects dates, gets them back here.

/** The types drizzle-orm/pglite reads as text: element types, then array types. */
const ELEMENT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE] as const;
const ARRAY_TYPES = { 1115: types.TIMESTAMP, 1185: types.TIMESTAMPTZ, 1187: types.INTERVAL, 1182: types.DATE } as const;
const NUMERIC_ARRAY = 1231;
const TEXT_TYPES = [...ELEMENT_TYPES, ...Object.keys(ARRAY_TYPES).map(Number), NUMERIC_ARRAY];

/** Each instance's own parsers for the text types, as they were before (for `withDates`). */
const originalParsers = new WeakMap<PGlite, ParserOptions>();

function keepText(value: string): string {
  return value;
}

/** Makes `pglite` read the text types as text (once per instance) and keeps its own parsers for them. */
export function readAsText(pglite: PGlite): void {
  if (originalParsers.has(pglite)) return;
  const own = pglite.parsers;
  const saved: ParserOptions = { [NUMERIC_ARRAY]: own[NUMERIC_ARRAY]! };
  for (const type of ELEMENT_TYPES) saved[type] = own[type] ?? keepText;
  // PGlite's array parsers look their element's parser up when called: rebuilt on the saved ones.
  for (const [array, element] of Object.entries(ARRAY_TYPES)) saved[Number(array)] = (text) => types.arrayParser(text, saved[element]!, Number(array));
  for (const type of TEXT_TYPES) own[type] = keepText;
  originalParsers.set(pglite, saved);
}

/** True when `parsers` is exactly what drizzle-orm/pglite passes: the text types, each kept as text. */
export function onlyTextParsers(parsers: ParserOptions): boolean {
  const keys = Object.keys(parsers);
  return keys.length === TEXT_TYPES.length && TEXT_TYPES.every((type) => parsers[type]?.('1') === '1');
}

/** Reads the text types' columns of `results` with the instance's own parsers (dates as `Date`). */
function parseDates(results: Results, parsers: ParserOptions, arrays: boolean): void {
  results.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = arrays ? index : field.name;
    for (const row of results.rows as Record<string | number, unknown>[]) if (typeof row[key] === 'string') row[key] = parse(row[key]);
  });
}

/**
 * PGlite as it answers without `readAsText`, for callers that expect dates as `Date` (the job
 * queue): the text types' columns are parsed after the statement, only where a result has them.
 */
export function withDates(pglite: PGlite) {
  const parsers = originalParsers.get(pglite);
  if (!parsers) return pglite;
  return {
    async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
      const results = await pglite.query<T>(sql, params, options);
      parseDates(results as Results, parsers, options?.rowMode === 'array');
      return results;
    },
    async exec(sql: string): Promise<Results[]> {
      const results = await pglite.exec(sql);
      for (const result of results) parseDates(result, parsers, false);
      return results;
    },
    listen: pglite.listen.bind(pglite),
  };
}
