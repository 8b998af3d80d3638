/**
 * A list of integers as one PostgreSQL array literal (`{1,2,3}`), passed as a single text
 * parameter and cast in SQL (`= any($1::int[])`). Drizzle would expand a JS array into one
 * parameter per element, and the two drivers (node-postgres, PGlite) serialize array
 * parameters differently; a literal means the same to both. Callers pass integers only.
 */
export function intArrayLiteral(values: readonly number[]): string {
  for (const v of values) if (!Number.isSafeInteger(v)) throw new TypeError(`not an integer: ${v}`);
  return `{${values.join(',')}}`;
}

/** Timestamps as one array literal of ISO strings (`{"2026-…Z",…}`), cast with `::timestamptz[]`. */
export function timestampArrayLiteral(values: readonly Date[]): string {
  return `{${values.map((d) => `"${d.toISOString()}"`).join(',')}}`;
}
