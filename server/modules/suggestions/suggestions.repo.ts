import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, follows, users } from '../../db/schema/index';
import type { UserRow } from '../users/users.repo';

/**
 * The first run's suggestions. Each read takes the visibility conditions from its caller
 * (server/access/): `filesWhere` on `files`, `membersWhere` on `users`.
 */
export function createSuggestionsRepo(db: Db) {
  return {
    /** Members with files under `filesWhere` whom `viewerId` is not and does not follow: most followed, then most liked. */
    async members(viewerId: number, filesWhere: SQL, membersWhere: SQL, limit: number): Promise<{ user: UserRow; publicFiles: number; likes: number }[]> {
      const likes = sql<number>`coalesce(sum(${files.likeCount}), 0)::int`;
      const followed = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followingId} = ${users.id})`;
      return db
        .select({ user: users, publicFiles: sql<number>`count(${files.id})::int`, likes })
        .from(users)
        .innerJoin(files, and(eq(files.userId, users.id), filesWhere))
        .where(and(membersWhere, ne(users.id, viewerId), sql`not ${followed}`))
        .groupBy(users.id)
        .orderBy(desc(users.followersCount), desc(likes), desc(users.id))
        .limit(limit);
    },
    /** Tags of the files under `filesWhere`: most liked, then on most files, then by name. */
    async tags(filesWhere: SQL, limit: number): Promise<{ tag: string; files: number }[]> {
      const rows = await db.execute<{ tag: string; files: number }>(sql`
        select t.tag, count(*)::int as files
        from ${files} cross join lateral unnest(${files.tags}) as t(tag)
        where ${filesWhere}
        group by t.tag
        order by sum(${files.likeCount}) desc, count(*) desc, t.tag
        limit ${limit}`);
      return (rows as unknown as { rows: { tag: string; files: number }[] }).rows;
    },
  };
}
export type SuggestionsRepo = ReturnType<typeof createSuggestionsRepo>;
