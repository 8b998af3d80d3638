import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileLikes, files } from '../../db/schema/index';
import * as samples from '../../../tests/helpers/media-samples';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { uploadOk } from '../../../tests/helpers/upload';

// Likes and unlikes of one file racing each other leave like_count equal to the likes.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let members: TestClient[];
let fileId: number;

beforeAll(async () => {
  members = [];
  for (let i = 0; i < 8; i++) {
    const c = t.client();
    await signUp(c);
    members.push(c);
  }
  fileId = (await uploadOk(members[0], await samples.pngWithAlpha(20, 20), 'p.png', {}, 'image/png')).id;
});

async function counts() {
  const [file] = await t.database.db.select({ n: files.likeCount }).from(files).where(eq(files.id, fileId));
  const [likes] = await t.database.db.select({ n: count() }).from(fileLikes).where(eq(fileLikes.fileId, fileId));
  return { likeCount: file.n, likes: likes.n };
}

describe('concurrent likes', () => {
  it('many members liking and unliking at once keep like_count equal to the likes', async () => {
    for (let round = 0; round < 4; round++) {
      // Each member fires like, unlike, like (and some an extra unlike) without waiting.
      await Promise.all(
        members.flatMap((m, i) => {
          const url = `/api/files/${fileId}/like`;
          const calls = [m.post(url), m.delete(url), m.post(url), m.post(url)];
          if ((i + round) % 3 === 0) calls.push(m.delete(url));
          return calls;
        }),
      );
      const c = await counts();
      expect(c.likeCount).toBe(c.likes);
    }
  });

  it('the count each answer reports is never negative nor above the members', async () => {
    const answers = await Promise.all(members.flatMap((m) => [m.delete(`/api/files/${fileId}/like`), m.post(`/api/files/${fileId}/like`)]));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body.likeCount).toBeGreaterThanOrEqual(0);
      expect(a.body.likeCount).toBeLessThanOrEqual(members.length);
    }
    const c = await counts();
    expect(c.likeCount).toBe(c.likes);
  });

  // The like waits for the deletion's lock on the file's row, then finds the file gone.
  it('a like racing the deletion of its file answers without an error and leaves no like', async () => {
    const doomed = (await uploadOk(members[0], await samples.pngWithAlpha(20, 20), 'd.png', {}, 'image/png')).id;
    let answer: Promise<{ status: number }> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from files where id = ${doomed}`);
      answer = members[1].post(`/api/files/${doomed}/like`);
      await new Promise((r) => setTimeout(r, 300));
    });
    expect([200, 404]).toContain((await answer!).status);
    const [likes] = await t.database.db.select({ n: count() }).from(fileLikes).where(eq(fileLikes.fileId, doomed));
    expect(likes.n).toBe(0);
  });
});
