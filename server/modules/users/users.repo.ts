import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function createUsersRepo(db: Db) {
  return {
    async findById(id: number): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
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
    /**
     * Active members whose username or name contains `term` (case-insensitive), usernames that
     * start with it first; never `excludeId` (the viewer). Only public fields are selected.
     */
    async search(term: string, excludeId: number, limit: number) {
      const literal = term.replace(/[\\%_]/g, (c) => `\\${c}`);
      const pattern = `%${literal}%`;
      const prefix = `${literal}%`;
      return db
        .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, profileImageKey: users.profileImageKey })
        .from(users)
        .where(and(eq(users.status, 'active'), ne(users.id, excludeId), or(ilike(users.username, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))))
        .orderBy(sql`case when ${users.username} ilike ${prefix} then 0 else 1 end`, asc(users.username))
        .limit(limit);
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
