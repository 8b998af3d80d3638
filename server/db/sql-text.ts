import { Column, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm';

/**
 * Turning a statement into its text and parameters, the same text and parameters Drizzle gives,
 * at a fraction of the cost (docs/decisions/011-search.md, "Building statements").
 *
 * Drizzle asks of each piece of a statement, one class after another, whether it is an instance,
 * and each answer that is "no" walks the piece's class chain by hand (it allows for two copies of
 * Drizzle loaded at once). A search page builds several statements whose pieces number in the
 * hundreds, so building them was a fifth of the app's busy time there. Here the commonest pieces
 * (text, nested SQL, columns, tables, plain values and bound parameters) are recognised with one
 * `instanceof` each, and anything else goes to Drizzle's own code, piece by piece, numbering its
 * parameters from the same counter. `sql-text.unit.test.ts` checks that every statement the
 * repositories build comes out identical both ways.
 */

type Built = { sql: string; params: unknown[]; typings?: string[] };
type Config = {
  casing: { getColumnCasing(column: Column): string };
  escapeName(name: string): string;
  escapeParam(index: number, value: unknown): string;
  prepareTyping?: (encoder: unknown) => string;
  inlineParams?: boolean;
  invokeSource?: string;
  paramStartIndex: { value: number };
};
type Builder = (this: SQL, chunks: unknown[], config: Config) => Built;

const IS_ALIAS = Symbol.for('drizzle:IsAlias');
const SCHEMA = Symbol.for('drizzle:Schema');
const NAME = Symbol.for('drizzle:Name');
/** What Drizzle keeps private on a statement: whether its values are written into the text. */
const inlines = (s: SQL) => (s as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

const proto = SQL.prototype as unknown as { buildQueryFromSourceParams: Builder };
/** Drizzle's own builder, for the pieces handled here only by handing them over. */
export const drizzleBuild: Builder = proto.buildQueryFromSourceParams;

/** A parameter's type hint depends only on the dialect and its encoder's class: asked once per encoder. */
const typings = new WeakMap<object, WeakMap<object, string>>();
function typingOf(config: Config, encoder: object): string {
  const prepare = config.prepareTyping;
  if (!prepare) return 'none';
  let known = typings.get(prepare);
  if (!known) typings.set(prepare, (known = new WeakMap()));
  let typing = known.get(encoder);
  if (typing === undefined) known.set(encoder, (typing = prepare(encoder)));
  return typing;
}

function addParam(out: Built, config: Config, value: unknown, typing: string): void {
  out.sql += config.escapeParam(config.paramStartIndex.value++, value);
  out.params.push(value);
  (out.typings ??= []).push(typing);
}

function merge(out: Built, part: Built): void {
  out.sql += part.sql;
  for (const p of part.params) out.params.push(p);
  if (part.typings?.length) for (const t of part.typings) (out.typings ??= []).push(t);
}

function qualified(config: Config, table: Record<symbol, unknown>, name: string): string {
  const schema = table[SCHEMA] as string | undefined;
  const tableName = config.escapeName(table[NAME] as string);
  return schema === undefined || table[IS_ALIAS] ? `${tableName}.${name}` : `${config.escapeName(schema)}.${tableName}.${name}`;
}

function walk(self: SQL, chunks: unknown[], config: Config, out: Built): void {
  for (const chunk of chunks) {
    const kind = typeof chunk;
    if (chunk instanceof StringChunk) {
      out.sql += chunk.value.join('');
    } else if (chunk instanceof SQL) {
      walk(self, chunk.queryChunks, inlines(chunk) && !config.inlineParams ? { ...config, inlineParams: true } : config, out);
    } else if ((kind === 'string' || kind === 'number' || kind === 'boolean' || kind === 'bigint') && !config.inlineParams) {
      addParam(out, config, chunk, 'none');
    } else if (chunk instanceof Column) {
      const name = config.escapeName(config.casing.getColumnCasing(chunk));
      out.sql += config.invokeSource === 'indexes' ? name : qualified(config, chunk.table as unknown as Record<symbol, unknown>, name);
    } else if (chunk instanceof Table) {
      const t = chunk as unknown as Record<symbol, unknown>;
      const schema = t[SCHEMA] as string | undefined;
      out.sql += schema === undefined || t[IS_ALIAS] ? config.escapeName(t[NAME] as string) : `${config.escapeName(schema)}.${config.escapeName(t[NAME] as string)}`;
    } else if (chunk instanceof Param && !config.inlineParams && !(chunk.value instanceof Placeholder)) {
      const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (value instanceof SQL) walk(self, [value], config, out);
      else addParam(out, config, value, typingOf(config, chunk.encoder));
    } else {
      merge(out, drizzleBuild.call(self, [chunk], config));
    }
  }
}

/** Drizzle's builder, with the common pieces recognised directly; the same text, parameters and type hints. */
export const fastBuild: Builder = function (this: SQL, chunks, given) {
  const config: Config = { ...given, inlineParams: given.inlineParams || inlines(this), paramStartIndex: given.paramStartIndex || { value: 0 } };
  const out: Built = { sql: '', params: [] };
  walk(this, chunks, config, out);
  return out;
};

proto.buildQueryFromSourceParams = fastBuild;
