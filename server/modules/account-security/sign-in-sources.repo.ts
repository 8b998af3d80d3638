import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInSources } from '../../db/schema/index';

/** Devices (`dev:<nonce>` of the device cookie) and addresses (`ip:<address>`) each member signed in from. */
export function createSignInSourcesRepo(db: Db) {
  return {
    /** Whether the member has any of `sources` on record, and whether they have any record at all. */
    async lookup(userId: number, sources: string[]): Promise<{ known: boolean; any: boolean }> {
      const [row] = await db
        .select({ any: sql<number>`count(*)`, known: sql<number>`count(*) filter (where ${inArray(signInSources.source, sources)})` })
        .from(signInSources)
        .where(eq(signInSources.userId, userId));
      return { any: Number(row?.any ?? 0) > 0, known: Number(row?.known ?? 0) > 0 };
    },
    async record(userId: number, sources: string[]): Promise<void> {
      if (!sources.length) return;
      await db
        .insert(signInSources)
        .values(sources.map((source) => ({ userId, source })))
        .onConflictDoUpdate({ target: [signInSources.userId, signInSources.source], set: { lastSeenAt: new Date() } });
    },
  };
}
export type SignInSourcesRepo = ReturnType<typeof createSignInSourcesRepo>;
