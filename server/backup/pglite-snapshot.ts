import { writeFile } from 'node:fs/promises';
import { protocol, type PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { BACKUP_KEYS_SQL, MIGRATION_COUNT_SQL } from './backup.repo';
import { DUMP_ARGS } from './dump-args';
import type { DatabaseSnapshot } from './snapshot';

type Row = (string | null)[];

/**
 * One simple-protocol statement straight into PGlite, bypassing its locks: only for use while
 * this module already holds them (the app's own calls would wait for the lock forever).
 */
function rawQuery(pg: PGlite, sql: string): Row[] {
  const reply = pg.execProtocolRawSync(protocol.serialize.query(sql));
  const rows: Row[] = [];
  let failure: string | null = null;
  new protocol.Parser().parse(reply, (msg) => {
    if (msg.name === 'dataRow') rows.push((msg as unknown as { fields: Row }).fields);
    else if (msg.name === 'error') failure = (msg as unknown as { message: string }).message;
  });
  if (failure) throw new Error(`PGlite: ${failure}`);
  return rows;
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * A consistent dump of the embedded database while the app keeps using it. PGlite is one
 * connection: pg_dump (WebAssembly, from @electric-sql/pglite-tools) speaks to it through that
 * connection, so an app transaction must not be open around it, nor a statement slip in between
 * its own. Both of PGlite's locks are taken for the whole dump, as a transaction takes them:
 * the app's queries wait (about two seconds on a small database, mostly compiling pg_dump's
 * module) and then run, and the key list read under the same locks names exactly the objects
 * the dump's rows name.
 */
export async function pgliteSnapshot(pg: PGlite): Promise<DatabaseSnapshot> {
  const searchPath = (await pg.query<{ search_path: string }>('SHOW search_path')).rows[0].search_path;
  const taken = await pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      const keys = rawQuery(pg, BACKUP_KEYS_SQL).map((r) => r[0]!);
      const migrations = Number(rawQuery(pg, MIGRATION_COUNT_SQL)[0][0]);
      // pgDump's own calls, routed around the locks held here.
      const connection = {
        query: async () => ({ rows: [{ search_path: searchPath }] }),
        exec: async (sql: string) => (rawQuery(pg, sql), []),
        execProtocolRawStream: (message: Uint8Array, opts: { onRawData: (b: Uint8Array) => void }) => pg.execProtocolRawStream(message, opts),
      };
      // pg_dump ends by closing its connection, which here is the app's: its read-only
      // transaction and its settings (search_path, extra_float_digits…) would stay behind.
      const session = rawQuery(pg, "SELECT name, setting FROM pg_catalog.pg_settings WHERE source = 'session'");
      // pglite-tools drops every line that starts with `\restrict` (psql's new guard lines),
      // even inside a row's text. With standard_conforming_strings off, pg_dump doubles every
      // backslash in a literal, so no line of data can start with one backslash.
      rawQuery(pg, 'SET standard_conforming_strings = off');
      try {
        const file = await pgDump({ pg: connection as unknown as PGlite, args: DUMP_ARGS });
        return { keys, migrations, dump: await file.text() };
      } finally {
        rawQuery(pg, 'ROLLBACK');
        rawQuery(pg, 'RESET ALL');
        for (const [name, setting] of session) rawQuery(pg, `SELECT pg_catalog.set_config(${literal(name!)}, ${literal(setting ?? '')}, false)`);
      }
    }),
  );
  return {
    keys: taken.keys,
    migrations: taken.migrations,
    dumpTo: (file) => writeFile(file, taken.dump),
    release: async () => {},
  };
}
