/**
 * Settings every database session starts with (pool connections through the startup packet,
 * the embedded PGlite with SET), so no query needs a transaction to change them.
 *
 * pg_trgm's word similarity threshold: `<%` finds names that hold a word close to what was
 * typed. One wrong letter inside a seven-letter word scores 0.45, which the default 0.6 would
 * miss; search's typo mode relies on it (server/modules/search/search-text.ts), and matches
 * that must stay stricter say their own floor with `word_similarity(…) >= …`.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

export const SESSION_SETTINGS: Record<string, string> = {
  'pg_trgm.word_similarity_threshold': String(WORD_SIMILARITY_THRESHOLD),
};

/** For node-postgres's `options` (libpq's `-c name=value`). */
export const sessionOptions = Object.entries(SESSION_SETTINGS)
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(' ');

/** For PGlite, whose one session is opened by the app. */
export const sessionSetSql = Object.entries(SESSION_SETTINGS)
  .map(([name, value]) => `SET ${name} = ${value};`)
  .join('\n');
