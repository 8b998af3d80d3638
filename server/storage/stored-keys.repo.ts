import { asc, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files, memberArchives, users } from '../db/schema/index';
import { KEY_COLUMNS } from './file-objects';

const KEY_PAGE = 2000;

/**
 * Every storage key a row points at: a file's objects (their columns named in file-objects.ts)
 * a member's avatar and data archive: an object no row names is an orphan.
 */
export function createStoredKeysRepo(db: Db, opts: { pageSize?: number } = {}) {
  const pageSize = opts.pageSize ?? KEY_PAGE;
  return {
    async referencedKeys(): Promise<Set<string>> {
      const keys = new Set<string>();
      // Read in pages by id, yielding between them: on PGlite a statement runs in the app's own
      // thread, and one read of 100 000 rows stopped every request for 1.4 s (the sweep runs
      // every ten minutes). Rows committed meanwhile are younger than the sweep's cutoff.
      const columns = { id: files.id, ...Object.fromEntries(KEY_COLUMNS.map((column) => [column, files[column]])) };
      for (let after = 0; ; ) {
        const page = await db.select(columns).from(files).where(gt(files.id, after)).orderBy(asc(files.id)).limit(pageSize);
        for (const { id: _id, ...row } of page) for (const key of Object.values(row)) if (key) keys.add(key as string);
        if (page.length < pageSize) break;
        after = page[page.length - 1]!.id;
        await new Promise((resolve) => setImmediate(resolve));
      }
      const avatarRows = await db.select({ key: users.profileImageKey }).from(users).where(isNotNull(users.profileImageKey));
      for (const row of avatarRows) if (row.key) keys.add(row.key);
      // Members' data archives, including one being written now (its key is stored at request time).
      for (const row of await db.select({ key: memberArchives.storageKey }).from(memberArchives)) keys.add(row.key);
      return keys;
    },
  };
}
export type StoredKeysRepo = ReturnType<typeof createStoredKeysRepo>;
