import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { onlyTextParsers } from './pglite-text-types';

// PGlite runs a statement as six calls into its WebAssembly module, one per protocol message
// (parse, describe the statement, bind, describe the portal, execute, sync), the second only to
// learn the parameters' types so that it can write the values for them. Drizzle's statements are
// a few hundred texts run again and again: their parameters' types are learned once per text,
// and then the whole statement is one call (decision 039, "One call a statement").

const { serialize } = protocol;

/** Each instance's parameter types by statement text, the oldest forgotten first past this many. */
const MAX_REMEMBERED = 2_000;
const parameterTypes = new WeakMap<PGlite, Map<string, number[]>>();

async function typesOf(pg: PGlite, sql: string): Promise<number[]> {
  let remembered = parameterTypes.get(pg);
  if (!remembered) parameterTypes.set(pg, (remembered = new Map()));
  const known = remembered.get(sql);
  if (known) return known;
  const { messages } = await pg.execProtocol(Buffer.concat([serialize.parse({ text: sql }), serialize.describe({ type: 'S' }), serialize.sync()]), { syncToFs: false });
  const described = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
  const types = described?.dataTypeIDs ?? [];
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
  remembered.set(sql, types);
  return types;
}

/** One statement in one call, its values written as PGlite writes them for their types. Runs under PGlite's query lock. */
async function runStatement<T>(pg: PGlite, sql: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
  const types = await typesOf(pg, sql);
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const write = pg.serializers[types[i]!];
    return write ? write(value) : String(value);
  });
  const { messages } = await pg.execProtocol(
    Buffer.concat([serialize.parse({ text: sql }), serialize.bind({ values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
    { syncToFs: false },
  );
  if (!inTransaction) await pg.syncToFs();
  return parse.parseResults(messages, pg.parsers, options)[0] as Results<T>;
}

/**
 * The client Drizzle is given: PGlite, or one of its transactions, running each statement in one
 * call and without Drizzle's own parsers (the instance reads those types as text, see
 * pglite-text-types.ts). Options other than those parsers and `rowMode` go to PGlite's own `query`.
 */
export class DrizzleClient {
  constructor(
    private readonly pg: PGlite,
    private readonly tx?: Transaction,
  ) {}

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const { rowMode, parsers, ...rest } = options ?? {};
    if (Object.keys(rest).length > 0 || (parsers && !onlyTextParsers(parsers))) return (this.tx ?? this.pg).query<T>(sql, params, options);
    const lean = rowMode ? { rowMode } : undefined;
    if (this.tx) {
      if (this.tx.closed) return Promise.reject(new Error('Transaction is closed'));
      return this.pg._runExclusiveQuery(() => runStatement<T>(this.pg, sql, params, lean, true));
    }
    return this.pg._checkReady().then(() => this.pg._runExclusiveTransaction(() => this.pg._runExclusiveQuery(() => runStatement<T>(this.pg, sql, params, lean, false))));
  }

  exec(sql: string): Promise<Results[]> {
    return (this.tx ?? this.pg).exec(sql);
  }

  transaction<T>(fn: (tx: DrizzleClient) => Promise<T>): Promise<T> {
    return this.pg.transaction((tx) => fn(new DrizzleClient(this.pg, tx)));
  }

  rollback(): Promise<void> {
    return this.tx!.rollback();
  }

  get closed(): boolean {
    return this.tx?.closed ?? false;
  }
}
