import { EXCLUDED_TABLES } from './backup-format';

/**
 * The same pg_dump options on both databases: the app's rows only (its schema comes from the
 * migrations at restore), INSERTs that name their columns (so they load into a schema that has
 * gained columns since, and into PostgreSQL from PGlite and back; COPY needs psql's stdin),
 * a thousand rows a statement, and the identity sequences' positions (`setval`).
 */
export const DUMP_ARGS = [
  '--data-only',
  '--schema=public',
  '--column-inserts',
  '--rows-per-insert=1000',
  '--no-owner',
  '--no-privileges',
  ...EXCLUDED_TABLES.map((table) => `--exclude-table-data=public.${table}`),
];
