import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite-open';

// The embedded database is created by a child process in a sibling folder renamed into place
// (server/db/pglite-open.ts), and runs with a 32 MB buffer cache. (Nothing embedded on PostgreSQL.)
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-pglite-open-'));
afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database folder', () => {
  it('is created where it goes, whole, and opens again with the data kept and the small buffer cache', async () => {
    const dir = path.join(root, 'fresh');
    await fs.mkdir(dir);
    const first = await openPglite(dir);
    await first.exec('create table notes (body text); insert into notes values ($$kept$$);');
    expect((await first.query<{ shared_buffers: string }>('show shared_buffers')).rows[0].shared_buffers).toBe('32MB');
    await first.close();
    expect(await fs.readdir(root)).toEqual(['fresh']);

    const again = await openPglite(dir);
    expect((await again.query<{ body: string }>('select body from notes')).rows).toEqual([{ body: 'kept' }]);
    await again.close();
  }, 60_000);

  it('removes what a start interrupted while creating it left, and creates it anew', async () => {
    const dir = path.join(root, 'interrupted');
    await fs.mkdir(`${dir}.creating/base`, { recursive: true });
    await fs.writeFile(`${dir}.creating/base/half-written`, 'x');
    const db = await openPglite(dir);
    expect((await db.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    await db.close();
    expect((await fs.readdir(root)).filter((name) => name.startsWith('interrupted'))).toEqual(['interrupted']);
  }, 60_000);

  it('refuses a folder that holds other files, and leaves them as they are', async () => {
    const dir = path.join(root, 'occupied');
    await fs.mkdir(dir);
    await fs.writeFile(path.join(dir, 'mine.txt'), 'not a database');
    await expect(openPglite(dir)).rejects.toThrow(/holds files but no database/);
    expect(await fs.readFile(path.join(dir, 'mine.txt'), 'utf8')).toBe('not a database');
    expect((await fs.readdir(root)).filter((name) => name.startsWith('occupied'))).toEqual(['occupied']);
  }, 60_000);
});
