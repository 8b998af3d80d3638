import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { buildApp } from '../server/app.ts';
import { growHeapInLargerSteps } from '../server/operations/heap-growth.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Db } from '../server/db/client.ts';
import { migrateDatabase } from '../server/composition.ts';
import { fileLikes, files } from '../server/db/schema/index.ts';
import { visibleFilesSql } from '../server/access/visibility.ts';
import { seedMembers, seedMix, seedSafety, sessionToken } from './mix-seed.ts';
import { requestKind, type MemberView } from './mix-plan.ts';
import { recordLoopStalls } from './mix-loop-stalls.ts';
import { timePgliteStatements } from './mix-sql-times.ts';

// The app under test, in a process of its own so that its CPU (and, on PGlite, the
// database's) is read from /proc apart from the load generator's. Built with buildApp as
// server/main.ts builds it, from the environment it is given (DATABASE_URL or a PGlite data
// dir under DATA_DIR, AUTOTAG, WORKERS…), after seeding (MIX_SEED: `mix` the community of
// bench/mix-seed.ts, `members` members and sessions only, `none` a database seeded before;
// MIX_SAFETY=<share>, e.g. 0.05: that share of the members also block and mute others).
//
// The feed cache is observed from outside the app: every SQL statement goes through drizzle's
// logger, and each request runs in an AsyncLocalStorage context, so statements are counted per
// request. A feed request that reads no `files` row was answered from a cache. (A statement
// sent to the driver around drizzle would not be seen: a cache that did so would look perfect.)
// The context costs the app on every promise (node's promise hooks): about 15 % more CPU per
// request at the ramp's top, so counting stops once the fixed-rate step has been counted.
//
// Messages: → { type: 'ready', url, seedSeconds, world } once listening; { type: 'stats' } →
// { type: 'stats', stats } (counts since the last { type: 'reset' }); { type: 'stop-counting' }
// ends the counting and its hooks; { type: 'close' } ends it.

type Seed = 'mix' | 'members' | 'none';
const env = process.env;
const seedKind = (env.MIX_SEED ?? 'mix') as Seed;
const salt = env.MIX_TOKEN_SALT!;
const sessions = Number(env.MIX_SESSIONS ?? 1000);
const activeMembers = Number(env.MIX_ACTIVE ?? 200);
const FEED_DEPTH = 200;

export type KindStats = { requests: number; statements: number; readingFiles: number };
export type AppStats = Record<string, KindStats>;

type RequestCount = { statements: number; readsFiles: boolean };
const current = new AsyncLocalStorage<RequestCount>();
let counting = env.MIX_COUNT !== 'off';
let stats: AppStats = {};

const logger: Logger = {
  logQuery(query) {
    const count = current.getStore();
    if (!count) return;
    count.statements += 1;
    if (!count.readsFiles && /(from|join) "files"/i.test(query)) count.readsFiles = true;
  },
};

/** What each active member's browser holds: the first ten feed pages and which of those they liked. */
async function worldOf(db: Db): Promise<{ members: Omit<MemberView, 'token'>[]; tail: { id: number; owner: number }[] }> {
  const members: Omit<MemberView, 'token'>[] = [];
  for (let id = 1; id <= activeMembers; id++) {
    const feed = await db
      .select({ id: files.id, owner: files.userId })
      .from(files)
      .where(visibleFilesSql({ id }))
      .orderBy(desc(files.id))
      .limit(FEED_DEPTH);
    const liked = await db
      .select({ id: fileLikes.fileId })
      .from(fileLikes)
      .where(and(eq(fileLikes.userId, id), inArray(fileLikes.fileId, feed.map((f) => f.id))));
    members.push({ id, feed, liked: liked.map((l) => l.id) });
  }
  // Members open tail files by id: none whose owner stands in a block, which would answer 404 to one of them.
  const tail = await db
    .select({ id: files.id, owner: files.userId })
    .from(files)
    .where(and(eq(files.isPublic, true), sql`${files.userId} not in (select blocker_id from blocks union select blocked_id from blocks)`))
    .orderBy(sql`random()`)
    .limit(5000);
  return { members, tail };
}

// As server/main.ts starts the app.
growHeapInLargerSteps();
const config = loadConfig({ ...env, NODE_ENV: 'production' });
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir, pgliteSharedBuffersMb: config.pgliteSharedBuffersMb, logger: counting ? logger : undefined });
await migrateDatabase(database);
if (env.BENCH_MIX_LOOP) recordLoopStalls(env.BENCH_MIX_LOOP);
if (env.BENCH_MIX_SQL_TIMES && database.pglite) timePgliteStatements(database.pglite, env.BENCH_MIX_SQL_TIMES);
const seedStart = performance.now();
const seedSteps = seedKind === 'mix' ? await seedMix(database.db, { sessions, salt }) : {};
if (seedKind === 'mix' && env.MIX_SAFETY) {
  const safetyStart = performance.now();
  const safety = await seedSafety(database.db, Number(env.MIX_SAFETY));
  Object.assign(seedSteps, { safety: Math.round((performance.now() - safetyStart) / 100) / 10, blockingMembers: safety.members, blocks: safety.blocks, mutes: safety.mutes });
}
if (seedKind === 'members') await seedMembers(database.db, { members: sessions, sessions, salt });
const seedSeconds = (performance.now() - seedStart) / 1000;
const world = seedKind === 'members' ? { members: [], tail: [] } : await worldOf(database.db);

const app = await buildApp({ config, database });
await app.listen({ port: config.port, host: '127.0.0.1' });

if (counting) {
  // Each request runs in a context of its own; its statements are added up when it ends.
  const handlers = app.server.listeners('request') as ((req: unknown, res: unknown) => void)[];
  app.server.removeAllListeners('request');
  app.server.on('request', (req, res) => {
    if (!counting) {
      for (const handle of handlers) handle(req, res);
      return;
    }
    const count: RequestCount = { statements: 0, readsFiles: false };
    // 'close' also ends a request whose client gave up before the answer.
    res.on('close', () => {
      const kind = requestKind(req.method ?? 'GET', req.url ?? '/');
      const s = (stats[kind] ??= { requests: 0, statements: 0, readingFiles: 0 });
      s.requests += 1;
      s.statements += count.statements;
      if (count.readsFiles) s.readingFiles += 1;
    });
    current.run(count, () => {
      for (const handle of handlers) handle(req, res);
    });
  });
}

process.on('message', async (message: { type: string }) => {
  if (message.type === 'stats') process.send!({ type: 'stats', stats });
  if (message.type === 'reset') stats = {};
  if (message.type === 'stop-counting') {
    counting = false;
    // With no store left in use, node turns its promise hooks off.
    current.disable();
  }
  if (message.type === 'close') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});

process.send!({
  type: 'ready',
  url: config.publicUrl,
  seedSeconds,
  seedSteps,
  world: { ...world, members: world.members.map((m) => ({ ...m, token: sessionToken(salt, m.id) })) },
  dataDir: path.resolve(config.dataDir),
});
