import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../tests/helpers/test-db';
import { files } from '../db/schema/index';
import { createReadsRepo } from '../modules/files/reads/reads.repo';
import { plannedOnce } from '../db/client';
import { visibleFilesSql, type Viewer } from './visibility';

// The read caches split the visibility rule in two (docs/decisions/018): the public files every
// member shares, and the ids only one viewer adds (privateGrantIdsSql). Together they must be
// exactly the rule every other list uses, for owners, collaborators, admins and outsiders,
// through own, shared, admin-only and foreign-saved folders.
const database = useTestDatabase();
const names = ['ann', 'bob', 'cid', 'dee', 'eve'] as const;
const member = {} as Record<(typeof names)[number], number>;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0];
}

beforeAll(async () => {
  for (const name of names) {
    member[name] = (await one<{ id: number }>(sql`insert into users (email, username, password_hash, is_admin)
      values (${`${name}@example.com`}, ${name}, 'x', ${name === 'dee'}) returning id`)).id;
  }
  const file = async (owner: number, isPublic: boolean) =>
    (await one<{ id: number }>(sql`insert into files (user_id, name, original_name, file_type, kind, size, key_base, storage_key, is_public)
      values (${owner}, 'f', 'f.docx', 'application/pdf', 'pdf', 1, ${`k${Math.random()}`}, ${`s${Math.random()}`}, ${isPublic}) returning id`)).id;
  const folder = async (owner: number, opts: { isPublic?: boolean; adminOnly?: boolean } = {}) =>
    (await one<{ id: number }>(sql`insert into folders (user_id, name, is_public, is_admin_only)
      values (${owner}, 'd', ${opts.isPublic ?? false}, ${opts.adminOnly ?? false}) returning id`)).id;
  const link = (folderId: number, fileId: number, addedBy: number) =>
    database.db.execute(sql`insert into folder_files (folder_id, file_id, added_by) values (${folderId}, ${fileId}, ${addedBy})`);
  const collaborate = (folderId: number, userId: number) =>
    database.db.execute(sql`insert into folder_collaborators (folder_id, user_id, role, invited_by) values (${folderId}, ${userId}, 'VIEWER', ${userId})`);

  // Ann's private files: alone, in her private folder shared with Bob, in her admin-only folder
  // shared with Cid (not an admin) and Dee (an admin), and one Bob saved into his own folder.
  await file(member.ann, false);
  const [shared, adminOnly, savedByBob, pub] = [await file(member.ann, false), await file(member.ann, false), await file(member.ann, false), await file(member.ann, true)];
  const annFolder = await folder(member.ann);
  await link(annFolder, shared, member.ann);
  await link(annFolder, pub, member.ann);
  await collaborate(annFolder, member.bob);
  const annAdminFolder = await folder(member.ann, { adminOnly: true });
  await link(annAdminFolder, adminOnly, member.ann);
  await collaborate(annAdminFolder, member.cid);
  await collaborate(annAdminFolder, member.dee);
  const bobFolder = await folder(member.bob, { isPublic: true });
  await link(bobFolder, savedByBob, member.bob);
  await collaborate(bobFolder, member.eve);
  // Bob's own private file, and a public folder of Eve holding nothing private.
  await file(member.bob, false);
  await folder(member.eve, { isPublic: true });
});

async function ruleIds(viewer: Viewer): Promise<number[]> {
  return (await database.db.select({ id: files.id }).from(files).where(visibleFilesSql(viewer))).map((r) => r.id).sort((a, b) => a - b);
}

describe('private grants', () => {
  it('with the public files, are exactly what the visibility rule lets each viewer see', async () => {
    const publicIds = (await database.db.select({ id: files.id }).from(files).where(sql`${files.isPublic}`)).map((r) => r.id);
    const repo = createReadsRepo(database.db, plannedOnce(database));
    for (const [name, id] of Object.entries(member)) {
      const viewer = { id, isAdmin: name === 'dee' };
      const granted = await repo.privateGrants(viewer);
      expect([...publicIds, ...granted].sort((a, b) => a - b), name).toEqual(await ruleIds(viewer));
      // Newest first, and never a public file (those come from the shared skeleton).
      expect(granted, name).toEqual([...granted].sort((a, b) => b - a));
      expect(granted.filter((g) => publicIds.includes(g)), name).toEqual([]);
    }
  });

  it('give each viewer what their folders grant, and nothing else', async () => {
    const repo = createReadsRepo(database.db, plannedOnce(database));
    const count = async (name: keyof typeof member) => (await repo.privateGrants({ id: member[name], isAdmin: name === 'dee' })).length;
    // Ann: her four private files. Bob: his own, plus Ann's shared one (not the one he saved:
    // only a file's own owner can share it through a folder). Cid: nothing through the
    // admin-only folder. Dee (admin): the admin-only one. Eve: nothing.
    expect({ ann: await count('ann'), bob: await count('bob'), cid: await count('cid'), dee: await count('dee'), eve: await count('eve') }).toEqual({ ann: 4, bob: 2, cid: 0, dee: 1, eve: 0 });
  });
});
