import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { blocks, files, users } from '../../db/schema/index';
import { blockBetweenSql } from '../../access/blocks';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Member rows. The writes run in their caller's transaction, where the member's event is recorded (user-writes.ts). */
export function createUsersRepo(db: Db) {
  return {
    async findById(id: number): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
    /** Members among `ids` for whom `where` holds on their row joined with file `fileId` (server/access/visibility.ts). */
    async findIdsWhereFile(fileId: number, ids: number[], where: SQL): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(files, eq(files.id, fileId))
        .where(and(inArray(users.id, ids), where));
      return rows.map((r) => r.id);
    },
    /** Whether a block stands between two members, either way (server/access/blocks.ts). */
    async isBlockedBetween(a: number, b: number): Promise<boolean> {
      const [row] = await db.select({ blocked: sql<boolean>`${blockBetweenSql(a, b)}` }).from(sql`(select 1) one`);
      return Boolean(row?.blocked);
    },
    /** Whether `blockerId` blocked `blockedId` (one direction: a thread stays readable for the blocker). */
    async isBlocking(blockerId: number, blockedId: number): Promise<boolean> {
      const [row] = await db.select({ one: sql<number>`1` }).from(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId))).limit(1);
      return Boolean(row);
    },
    /** Ids of the active members with these usernames (any case), in no order. */
    async findActiveIdsByUsernames(usernames: string[]): Promise<number[]> {
      if (!usernames.length) return [];
      const rows = await db.select({ id: users.id }).from(users).where(and(inArray(users.username, usernames.map((u) => u.toLowerCase())), eq(users.status, 'active')));
      return rows.map((r) => r.id);
    },
    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
      return row ?? null;
    },
    async findByUsername(username: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.username, username.toLowerCase())).limit(1);
      return row ?? null;
    },
    /** Login accepts an email or a username. */
    async findByLogin(identifier: string): Promise<UserRow | null> {
      const id = identifier.trim().toLowerCase();
      return id.includes('@') ? this.findByEmail(id) : this.findByUsername(id);
    },
    async insert(tx: Tx, values: NewUser): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      return row;
    },
    async update(tx: Tx, id: number, values: Partial<NewUser>): Promise<UserRow> {
      const [row] = await tx.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id)).returning();
      return row;
    },
    /** Merges the given keys into the stored preferences in one statement, so two saves never lose each other's keys. */
    async mergePreferences(tx: Tx, id: number, patch: Record<string, unknown>): Promise<UserRow> {
      const [row] = await tx
        .update(users)
        .set({ preferences: sql`${users.preferences} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
