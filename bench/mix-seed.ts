import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { createBlocksRepo } from '../server/modules/safety/blocks.repo.ts';

// A community for the mix benchmark, seeded with INSERT … SELECT in a few seconds: 2 000
// members, 100 000 files (10 % private, spread over every owner), follows, likes (many on the
// newest files, where members look), comments (likewise), and 500 folders with collaborators
// holding their owners' private files, so the folder grant of the visibility rule has real work.
// Members 1…`sessions` get a session whose token is `salt + member id`, stored hashed as
// server/lib/tokens.ts hashes it (sha256, hex), so the generator signs in without the
// (throttled) sign-in route.

// MIX_FILES (the app process's environment) seeds fewer files, for a machine too busy to seed 100 000 in time.
export const MIX_SIZE = { members: 2_000, files: Number(process.env.MIX_FILES ?? 100_000), folders: 500, followsEach: 20, likesEach: 60, comments: 60_000 };

export function sessionToken(salt: string, memberId: number): string {
  return `${salt}${memberId}`;
}

/** Members and their sessions only (the recognition burst needs no collection). */
export async function seedMembers(db: Db, opts: { members: number; sessions: number; salt: string }): Promise<void> {
  await db.execute(sql`
    insert into users (email, username, password_hash, first_name, last_name, followers_count, following_count)
    select 'member' || g || '@example.com', 'member_' || g, 'x', 'Member', 'Number ' || g, 0, 0
    from generate_series(1, ${opts.members}) g`);
  await db.execute(sql`
    insert into sessions (user_id, token_hash, expires_at)
    select u.id, encode(sha256(convert_to(${opts.salt} || u.id::text, 'UTF8')), 'hex'), now() + interval '30 days'
    from users u where u.id <= ${opts.sessions}`);
}

/** Seeds the community; answers the seconds each step took. */
export async function seedMix(db: Db, opts: { sessions: number; salt: string }): Promise<Record<string, number>> {
  const { members, files, folders, followsEach, likesEach, comments } = MIX_SIZE;
  const took: Record<string, number> = {};
  let at = performance.now();
  const step = (name: string) => {
    took[name] = Math.round((performance.now() - at) / 100) / 10;
    at = performance.now();
  };
  await seedMembers(db, { members, sessions: opts.sessions, salt: opts.salt });
  step('members');
  // GIN indexes (search, trigram, tags) are written through, entry by entry (migration 0007):
  // built once after the rows instead, from their own definitions, they take seconds, not a minute.
  const gin = (await db.execute(sql`select indexname, indexdef from pg_indexes where tablename = 'files' and indexdef ilike '%using gin%'`)) as unknown as {
    rows: { indexname: string; indexdef: string }[];
  };
  for (const index of gin.rows) await db.execute(sql.raw(`drop index "${index.indexname}"`));
  // Owner g mod 2000; private when (g + g / 2000) mod 10 = 0, so each owner has 1 file in 10
  // private and the newest pages hold private files too.
  await db.execute(sql`
    insert into files (user_id, name, description, tags, original_name, file_type, kind, size, key_base, storage_key,
                       webp_key, webp_size, thumbnail_key, thumbnail_size, width, height, placeholder, is_public,
                       view_count, created_at)
    select 1 + g % ${members}, 'Photo ' || g, 'Seeded file number ' || g, array['seed', 'tag' || (g % 50)], 'photo' || g || '.jpg',
           'image/jpeg', 'image', 100000 + g % 5000, k, k || '_original.jpg', k || '.webp', 50000, 'thumbnails/' || k || '_thumb.webp', 8000,
           1600, 1200, 'data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', (g + g / ${members}) % 10 <> 0,
           (g * 7) % 997, now() - make_interval(secs => (${files} - g) * 60)
    from generate_series(1, ${files}) g
    cross join lateral (select substr(md5(g::text), 1, 2) || '/' || substr(md5(g::text), 3, 2) || '/' ||
                               substr(md5('k' || g), 1, 8) || '-' || substr(md5('k' || g), 9, 4) || '-' || substr(md5('k' || g), 13, 4) || '-' ||
                               substr(md5('k' || g), 17, 4) || '-' || substr(md5('k' || g), 21, 12) as k) key`);
  step('files');
  // Each member follows 20 others (k × 97 mod 2000 is never 0 for k ≤ 20, nor repeats).
  await db.execute(sql`
    insert into follows (follower_id, following_id)
    select u, 1 + (u - 1 + k * 97) % ${members} from generate_series(1, ${members}) u, generate_series(1, ${followsEach}) k`);
  await db.execute(sql`
    update users set following_count = ${followsEach},
      followers_count = (select count(*) from follows where following_id = users.id)`);
  step('follows');
  // Half of each member's likes among the newest 3 000 files, half anywhere; visible files only.
  await db.execute(sql`
    insert into file_likes (file_id, user_id, created_at)
    select f.id, u, now() - make_interval(secs => k * 600)
    from generate_series(1, ${members}) u cross join generate_series(1, ${likesEach}) k
    join files f on f.id = case when k % 2 = 0 then ${files} - (u * 131 + k * 977) % 3000
                                else 1 + (u * 7919 + k * 104729) % ${files} end
    where f.is_public or f.user_id = u
    on conflict do nothing`);
  step('likes');
  // Half of the comments on the newest 3 000 files (10 each), half on any public file.
  await db.execute(sql`
    insert into comments (file_id, user_id, content, created_at)
    select f.id, 1 + (g * 37) % ${members}, 'Seeded comment ' || g, now() - make_interval(secs => ${comments} - g)
    from generate_series(1, ${comments}) g
    join files f on f.id = case when g % 2 = 0 then ${files} - g % 3000 else 1 + (g * 7919) % ${files} end
    where f.is_public`);
  step('comments');
  await db.execute(sql`
    update files set like_count = s.likes, comment_count = s.comments
    from (select file_id, sum(l)::int likes, sum(c)::int comments
          from (select file_id, 1 l, 0 c from file_likes union all select file_id, 0, 1 from comments) u group by file_id) s
    where files.id = s.file_id`);
  for (const index of gin.rows) await db.execute(sql.raw(index.indexdef));
  step('counts');
  // Folders: a third public; each holds its owner's private files and newest public ones, and
  // has three active members (1…200) and two others as collaborators.
  await db.execute(sql`
    insert into folders (user_id, name, description, is_public)
    select 1 + (i * 13) % ${members}, 'Folder ' || i, 'Seeded folder ' || i, i % 3 = 0 from generate_series(1, ${folders}) i`);
  await db.execute(sql`
    insert into folder_files (folder_id, file_id, added_by)
    select fo.id, f.id, f.user_id from folders fo
    cross join lateral (select id, user_id from files where user_id = fo.user_id order by is_public, id desc limit 20) f`);
  await db.execute(sql`
    insert into folder_collaborators (folder_id, user_id, role, invited_by)
    select fo.id, m, case when m % 2 = 0 then 'EDITOR' else 'VIEWER' end, fo.user_id
    from folders fo
    cross join lateral (select 1 + (fo.id * 3 + c) % 200 as m from generate_series(0, 2) c
                        union select 201 + (fo.id * 7 + c * 311) % ${members - 200} from generate_series(0, 1) c) picked
    where m <> fo.user_id
    on conflict do nothing`);
  step('folders');
  await db.execute(sql`analyze`);
  step('analyze');
  return took;
}

/**
 * Blocks and mutes for `share` of the members (every 1/share-th member, so active members among
 * them too), made through the blocks repository as the app makes them (each in its own transaction): each blocks two members
 * they follow (the follows both ways end, as a block ends them) and one anywhere, and mutes three
 * more they follow. Answers how many blocks and mutes stand.
 */
export async function seedSafety(db: Db, share: number): Promise<{ members: number; blocks: number; mutes: number }> {
  const { members, followsEach } = MIX_SIZE;
  const every = Math.max(1, Math.round(1 / share));
  const repo = createBlocksRepo(db);
  const followed = (u: number, k: number) => 1 + ((u - 1 + (k % followsEach) * 97) % members);
  let blockers = 0;
  for (let u = every; u <= members; u += every) {
    blockers += 1;
    for (const target of [followed(u, 1), followed(u, 2), 1 + ((u * 7919) % members)]) if (target !== u) await db.transaction((tx) => repo.block(tx, u, target));
    for (const k of [3, 4, 5]) await db.transaction((tx) => repo.mute(tx, u, followed(u, k)));
  }
  const count = async (table: 'blocks' | 'mutes') =>
    Number(((await db.execute(sql.raw(`select count(*)::int n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0].n);
  await db.execute(sql`analyze blocks`);
  await db.execute(sql`analyze mutes`);
  return { members: blockers, blocks: await count('blocks'), mutes: await count('mutes') };
}
