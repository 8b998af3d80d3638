import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

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
    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
      return row ?? null;
    },
    async findByUsername(username: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.username, username.toLowerCase())).limit(1);
      return row ?? null;
    },
    /** Login accepts an email or a username (DESIGN.md). */
    async findByLogin(identifier: string): Promise<UserRow | null> {
      const id = identifier.trim().toLowerCase();
      return id.includes('@') ? this.findByEmail(id) : this.findByUsername(id);
    },
    async insert(values: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row;
    },
    async update(id: number, values: Partial<NewUser>): Promise<UserRow> {
      const [row] = await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id)).returning();
      return row;
    },
    /** Merges the given keys into the stored preferences in one statement, so two saves never lose each other's keys. */
    async mergePreferences(id: number, patch: Record<string, unknown>): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ preferences: sql`${users.preferences} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
