import { and, desc, eq, inArray, sql, SQL, type SQLWrapper } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { drizzleBuild, fastBuild } from './sql-text';
import * as schema from './schema/index';
import { files, folders, users } from './schema/index';
import type { Db } from './client';
import { visibleFilesSql } from '../access/visibility';
import { visibleFoldersSql } from '../access/folder-access';
import { notHiddenOwnerSql } from '../access/blocks';
import { fileOrder, fileSearchWhere, rankedOrNewestSql, wordsPageSql } from '../modules/search/search.repo';
import { indexedOrderSql } from '../modules/files/index-orders';
import { folderMatchSql, parseSearchText, userMatchSql } from '../modules/search/search-text';

const dialect = new PgDialect();
const db = drizzle.mock({ schema }) as unknown as Db;
const proto = SQL.prototype as unknown as { buildQueryFromSourceParams: typeof fastBuild };

/** The statement's text, parameters and type hints, built by `builder` all the way down. */
function built(statement: SQLWrapper, builder: typeof fastBuild) {
  proto.buildQueryFromSourceParams = builder;
  try {
    return dialect.sqlToQuery(statement.getSQL());
  } finally {
    proto.buildQueryFromSourceParams = fastBuild;
  }
}

const viewers = [null, { id: 7, isAdmin: false }, { id: 1, isAdmin: true }];
const texts = ['sunset', 'red car', 'ikbhmfe_371', 'j', "it's 100% o'clock"].map((t) => parseSearchText(t)!);

/** What the app builds: visibility, search, builders of every kind, and every sort of piece Drizzle knows. */
function statements(): [string, SQLWrapper][] {
  const out: [string, SQLWrapper][] = [];
  const page = { offset: 20, limit: 20 };
  for (const viewer of viewers) {
    const who = viewer ? (viewer.isAdmin ? 'admin' : 'member') : 'visitor';
    out.push([`visible files, ${who}`, visibleFilesSql(viewer, { excludeNsfw: true })]);
    out.push([`visible folders, ${who}`, visibleFoldersSql(viewer)]);
    for (const text of texts) {
      for (const mode of ['words', 'spelling'] as const) {
        const where = fileSearchWhere(viewer, { text, tag: 'cat', type: 'image', ownerId: 3 }, mode);
        out.push([`files by ${mode}, "${text.joined}", ${who}`, mode === 'words' ? wordsPageSql(where, text, { count: 5, capped: false }, page) : rankedOrNewestSql(where, fileOrder('relevance', text, mode), page, sql`${files.name}`)]);
        out.push([`files most liked, ${mode}, "${text.joined}", ${who}`, indexedOrderSql(where, 'most_liked', page)]);
      }
      out.push([`members, "${text.joined}", ${who}`, db.select().from(users).where(and(userMatchSql(text), notHiddenOwnerSql(users.id, viewer))).orderBy(users.username).limit(20).offset(0)]);
      out.push([`folders, "${text.joined}", ${who}`, db.select({ id: folders.id }).from(folders).where(and(visibleFoldersSql(viewer), folderMatchSql(text))).orderBy(desc(folders.id))]);
    }
  }
  const owner = alias(users, 'owner');
  out.push(['an aliased join', db.select({ id: files.id, by: owner.username }).from(files).innerJoin(owner, eq(owner.id, files.userId)).where(inArray(files.id, [1, 2, 3]))]);
  const recent = db.$with('recent').as(db.select({ id: files.id }).from(files).orderBy(desc(files.id)).limit(5));
  out.push(['a with clause', db.with(recent).select().from(recent)]);
  out.push(['a subquery', db.select().from(db.select({ n: sql<number>`count(*)`.as('n') }).from(files).as('counted'))]);
  out.push(['an insert with json and timestamps', db.insert(users).values({ email: 'a@b.c', username: 'ab', passwordHash: 'x', firstName: 'A', lastName: 'B', preferences: { theme: 'dark' }, suspendedAt: new Date(0) }).returning({ id: users.id })]);
  out.push(['an update', db.update(users).set({ bio: null, suspendedAt: new Date(1), preferences: { a: [1] } }).where(eq(users.id, 4))]);
  out.push(['a delete', db.delete(files).where(and(eq(files.userId, 9), eq(files.isPublic, false)))]);
  out.push(['placeholders', db.select().from(files).where(eq(files.id, sql.placeholder('id'))).limit(sql.placeholder('limit'))]);
  out.push(['plain values of each kind', sql`select ${'text'}, ${0}, ${12.5}, ${true}, ${false}, ${10n}, ${null}, ${undefined}, ${[1, 'two']}, ${sql.raw('now()')}, ${sql.identifier('x')}`]);
  out.push(['inlined values', sql`select ${"it's"}, ${3}, ${sql`${'nested'}`}`.inlineParams()]);
  out.push(['a parameter given its column', sql`${files.createdAt} < ${sql.param(new Date(2), files.createdAt)} and ${sql.param({ a: 1 }, users.preferences)} is not null`]);
  return out;
}

describe('sql-text builder', () => {
  it('builds every statement exactly as Drizzle does: text, parameters and type hints', () => {
    const all = statements();
    expect(all.length).toBeGreaterThan(90);
    for (const [name, statement] of all) expect(built(statement, fastBuild), name).toEqual(built(statement, drizzleBuild));
  });

  it('is the builder Drizzle uses once the database module is loaded', async () => {
    await import('./client');
    expect(proto.buildQueryFromSourceParams).toBe(fastBuild);
    const { sql: text, params } = dialect.sqlToQuery(sql`select ${files.id} from ${files} where ${files.name} = ${'a'} and ${files.userId} = ${sql.param(5, files.userId)}`);
    expect(text).toBe('select "files"."id" from "files" where "files"."name" = $1 and "files"."user_id" = $2');
    expect(params).toEqual(['a', 5]);
  });
});
