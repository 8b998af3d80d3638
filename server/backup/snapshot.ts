/**
 * One moment of the database, held until released: the stored objects its rows name, and its
 * rows as pg_dump writes them (taken at that same moment, even when asked for later).
 */
export type DatabaseSnapshot = {
  keys: string[];
  migrations: number;
  /** PostgreSQL's exported snapshot id: another connection can read this same moment (`SET TRANSACTION SNAPSHOT`). */
  snapshotId?: string;
  /** Writes pg_dump's raw output (data only, see dump-args.ts) to `file`. */
  dumpTo(file: string): Promise<void>;
  release(): Promise<void>;
};
