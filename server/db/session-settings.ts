/**
 * Settings every database session starts with (pool connections through the startup packet,
 * the embedded PGlite with SET), so no query needs a transaction to change them.
 *
 * pg_trgm's word similarity threshold: `<%` finds names that hold a word close to what was
 * typed. One wrong letter inside a seven-letter word scores 0.45, which the default 0.6 would
 * miss; search's typo mode relies on it (server/modules/search/search-text.ts), and matches
 * that must stay stricter say their own floor with `word_similarity(…) >= …`.
 *
 * JIT off: PostgreSQL compiles a statement to machine code once its estimated cost passes
 * `jit_above_cost`, which a count over tens of thousands of search matches does; compiling took
 * 175 of 215 ms of such a count, and the app's statements are short: none runs long
 * enough to win the compile back (docs/decisions/011-search.md, "Common words"). PGlite has no
 * JIT; the setting is accepted and changes nothing there.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

export const SESSION_SETTINGS: Record<string, string> = {
  'pg_trgm.word_similarity_threshold': String(WORD_SIMILARITY_THRESHOLD),
  jit: 'off',
};

/** For node-postgres's `options` (libpq's `-c name=value`). */
export const sessionOptions = Object.entries(SESSION_SETTINGS)
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(' ');

/** For PGlite, whose one session is opened by the app. */
export const sessionSetSql = Object.entries(SESSION_SETTINGS)
  .map(([name, value]) => `SET ${name} = ${value};`)
  .join('\n');
