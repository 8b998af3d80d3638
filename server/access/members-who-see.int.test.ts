import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, folderCollaborators, folderFiles, folders, users } from '../db/schema/index';
import { createFilesRepo } from '../modules/files/files.repo';
import { createUsersRepo } from '../modules/users/users.repo';
import { useTestDatabase } from '../../tests/helpers/test-db';
import { findVisibleFile, membersWhoSeeFile } from './visibility';

// membersWhoSeeFile answers for many members in one query what findVisibleFile answers for one
// viewer: a test per rule, and the two compared for every member and file.

const database = useTestDatabase();
type Who = 'owner' | 'stranger' | 'folderOwner' | 'collaborator' | 'removed' | 'admin' | 'adminCollaborator' | 'saver';
const who = {} as Record<Who, { id: number; isAdmin: boolean }>;
const file = {} as Record<'public' | 'private' | 'inFolder' | 'savedByOther' | 'adminOnly', number>;

async function member(name: Who, isAdmin = false) {
  const [row] = await database.db.insert(users).values({ email: `${name}@example.com`, username: name.toLowerCase(), passwordHash: 'x', isAdmin }).returning();
  who[name] = { id: row.id, isAdmin };
}

async function newFile(name: string, isPublic: boolean): Promise<number> {
  const [row] = await database.db
    .insert(files)
    .values({ userId: who.owner.id, name, originalName: `${name}.jpg`, fileType: 'image/jpeg', kind: 'image', size: 1, keyBase: name, storageKey: name, isPublic })
    .returning();
  return row.id;
}

async function folder(ownerId: number, isAdminOnly = false) {
  const [row] = await database.db.insert(folders).values({ userId: ownerId, name: `f${Math.random()}`, isAdminOnly, isPublic: true }).returning();
  return row.id;
}

const sees = (fileId: number, members: Who[]) => membersWhoSeeFile(createUsersRepo(database.db), fileId, members.map((m) => who[m].id));
const ids = (members: Who[]) => members.map((m) => who[m].id).sort((a, b) => a - b);
const sorted = async (p: Promise<number[]>) => (await p).sort((a, b) => a - b);

beforeAll(async () => {
  for (const name of ['owner', 'stranger', 'folderOwner', 'collaborator', 'removed', 'saver'] as Who[]) await member(name);
  await member('admin', true);
  await member('adminCollaborator', true);
  file.public = await newFile('public', true);
  file.private = await newFile('private', false);
  // Put by its owner into another member's (public) folder: that folder's owner and collaborators see it.
  file.inFolder = await newFile('in-folder', false);
  const shared = await folder(who.folderOwner.id);
  await database.db.insert(folderFiles).values({ folderId: shared, fileId: file.inFolder, addedBy: who.owner.id });
  await database.db.insert(folderCollaborators).values([
    { folderId: shared, userId: who.collaborator.id, role: 'VIEWER' },
    { folderId: shared, userId: who.removed.id, role: 'VIEWER' },
  ]);
  await database.db.delete(folderCollaborators).where(and(eq(folderCollaborators.folderId, shared), eq(folderCollaborators.userId, who.removed.id)));
  // Saved by someone else while public, then made private by its owner: the saver's folder shows it no more.
  file.savedByOther = await newFile('saved-by-other', false);
  const saverFolder = await folder(who.saver.id);
  await database.db.insert(folderFiles).values({ folderId: saverFolder, fileId: file.savedByOther, addedBy: who.saver.id });
  // An admin-only folder of the owner: collaborators who are admins see it, others do not.
  file.adminOnly = await newFile('admin-only', false);
  const staff = await folder(who.owner.id, true);
  await database.db.insert(folderFiles).values({ folderId: staff, fileId: file.adminOnly, addedBy: who.owner.id });
  await database.db.insert(folderCollaborators).values([
    { folderId: staff, userId: who.collaborator.id, role: 'VIEWER' },
    { folderId: staff, userId: who.adminCollaborator.id, role: 'VIEWER' },
  ]);
}, 60_000);

const everyone = (): Who[] => Object.keys(who) as Who[];

describe('membersWhoSeeFile', () => {
  it('a public file: every member', async () => {
    expect(await sorted(sees(file.public, everyone()))).toEqual(ids(everyone()));
  });

  it('a private file: its owner only, admins included as members', async () => {
    expect(await sees(file.private, everyone())).toEqual([who.owner.id]);
  });

  it("through a folder: the folder's owner and collaborators, not a removed collaborator", async () => {
    expect(await sorted(sees(file.inFolder, everyone()))).toEqual(ids(['owner', 'folderOwner', 'collaborator']));
  });

  it('a folder link made by someone else than the file owner grants nothing', async () => {
    expect(await sees(file.savedByOther, everyone())).toEqual([who.owner.id]);
  });

  it("an admin-only folder: its admin collaborators, not the others", async () => {
    expect(await sorted(sees(file.adminOnly, everyone()))).toEqual(ids(['owner', 'adminCollaborator']));
  });

  it('asks nothing for no members, and only answers members it was asked about', async () => {
    expect(await sees(file.public, [])).toEqual([]);
    expect(await sees(file.public, ['stranger'])).toEqual([who.stranger.id]);
  });

  it('agrees with findVisibleFile for every member and file', async () => {
    const repo = createFilesRepo(database.db);
    for (const fileId of Object.values(file)) {
      const batch = new Set(await sees(fileId, everyone()));
      for (const m of everyone()) {
        const one = await findVisibleFile(repo, fileId, who[m]).then(() => true, () => false);
        expect(batch.has(who[m].id), `file ${fileId}, ${m}`).toBe(one);
      }
    }
  });
});
