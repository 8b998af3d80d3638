// pg_dump's output is a psql script for the PostgreSQL that wrote it: PGlite's pg_dump 18 sets
// `transaction_timeout`, which PostgreSQL 15 does not know, and since 15.14 / 17.6 every dump
// is wrapped in psql's `\restrict KEY` … `\unrestrict KEY` lines, which a server does not
// understand. Kaleido loads the dump through a driver, into either database, so the header
// pg_dump wrote (generated, it holds no row data) is replaced by one both accept.

const HEADER_END = 'SET row_security = off;\n';

/** Settings for the load, local to its transaction so a pooled connection keeps its own. */
const PORTABLE_HEADER = [
  'SET LOCAL escape_string_warning = off;',
  'SET LOCAL statement_timeout = 0;',
  'SET LOCAL lock_timeout = 0;',
  "SET LOCAL client_min_messages = warning;",
  'SET LOCAL row_security = off;',
  "SELECT pg_catalog.set_config('search_path', '', true);",
  '',
].join('\n');

export class DumpFormatError extends Error {}

export type PortableDump = {
  /**
   * How the dump's literals are written (PGlite's: off, see pglite-snapshot.ts). PostgreSQL
   * lexes a whole multi-statement query before running any of it, so this is set by a query
   * of its own before the script, not inside it.
   */
  standardConformingStrings: 'on' | 'off';
  /** The data statements in one transaction under the portable header. */
  script: string;
};

/**
 * The dump's data statements under the portable header. Only generated lines are touched: the
 * header before `SET row_security = off;` and the exact `\unrestrict` line of the key the header
 * named (a random key chosen by pg_dump, so no row's text can be mistaken for it).
 */
export function portableDump(dump: string): PortableDump {
  const end = dump.indexOf(HEADER_END);
  if (end < 0) throw new DumpFormatError('pg_dump wrote no header this version of Kaleido knows');
  const header = dump.slice(0, end);
  const key = /^\\restrict (\S+)$/m.exec(header)?.[1];
  let body = dump.slice(end + HEADER_END.length);
  if (key) {
    const closing = `\n\\unrestrict ${key}\n`;
    const at = body.lastIndexOf(closing);
    if (at >= 0) body = body.slice(0, at) + '\n' + body.slice(at + closing.length);
  }
  const standard = /^SET standard_conforming_strings = (on|off);$/m.exec(header)?.[1] === 'off' ? 'off' : 'on';
  // The whole dump in one transaction, so a failure leaves nothing half-loaded.
  return { standardConformingStrings: standard, script: `BEGIN;\n${PORTABLE_HEADER}${body}\nCOMMIT;\n` };
}
