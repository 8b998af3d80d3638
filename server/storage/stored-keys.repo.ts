import { isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files, memberArchives, users } from '../db/schema/index';
import { KEY_COLUMNS } from './file-objects';

/**
 * Every storage key a row points at: a file's objects (their columns named in file-objects.ts)
 * a member's avatar and data archive: an object no row names is an orphan.
 */
export function createStoredKeysRepo(db: Db) {
  return {
    async referencedKeys(): Promise<Set<string>> {
      const keys = new Set<string>();
      const fileRows = await db.select(Object.fromEntries(KEY_COLUMNS.map((column) => [column, files[column]]))).from(files);
      for (const row of fileRows) for (const key of Object.values(row)) if (key) keys.add(key);
      const avatarRows = await db.select({ key: users.profileImageKey }).from(users).where(isNotNull(users.profileImageKey));
      for (const row of avatarRows) if (row.key) keys.add(row.key);
      // Members' data archives, including one being written now (its key is stored at request time).
      for (const row of await db.select({ key: memberArchives.storageKey }).from(memberArchives)) keys.add(row.key);
      return keys;
    },
  };
}
export type StoredKeysRepo = ReturnType<typeof createStoredKeysRepo>;
