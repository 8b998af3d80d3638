import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { files } from '../../db/schema/index';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { photo, upload as uploadRaw, uploadOk } from '../../../tests/helpers/upload';
import { eventually } from '../../../tests/helpers/wait';

/** How long and how often this file reads for the recognition's result (real models). */
const SETTLE = { timeoutMs: 60_000, intervalMs: 200 };

async function upload(c: TestClient, name: string, type = 'image/jpeg', body?: Buffer) {
  return uploadOk(c, body ?? (await photo(name)), name, { tags: 'mine' }, type);
}

// The real models, in their worker: AUTOTAG on for this file only.
const t = useTestApp({ AUTOTAG: 'on' });
let owner: TestClient;
let other: TestClient;
beforeAll(async () => {
  owner = t.client();
  other = t.client();
  await signUp(owner);
  await signUp(other);
});

describe('POST /api/files/:id/analyze-tags', () => {
  it('answers cat for the cat photo, and the file.uploaded job tags it too', async () => {
    const file = await upload(owner, 'chelsea-cat.jpg');
    const res = await owner.post(`/api/files/${file.id}/analyze-tags`);
    expect(res.status).toBe(200);
    const { suggestedTags, message } = res.body as { suggestedTags: string[]; message: string };
    // The answer is what recognition found, whether the job or this request ran it.
    expect(suggestedTags).toContain('cat');
    expect(message).toMatch(/^Found \d+ tags?: /);
    expect(message).toContain('cat');
    const row = await eventually(
      async () => (await t.database.db.select().from(files).where(eq(files.id, file.id)))[0],
      (r) => r.tags.includes('cat'),
      SETTLE,
    );
    expect(row.tags).toContain('cat');
    expect(row.tags).toContain('mine');
    expect(row.isNsfw).toBe(false);
    expect(typeof message).toBe('string');
    expect(suggestedTags.every((s) => s === s.toLowerCase())).toBe(true);
  });

  it('suggests cup for the coffee photo and no false object for grass', async () => {
    const cup = await upload(owner, 'coffee-cup.jpg');
    const grass = await upload(owner, 'grass.jpg');
    const [cupRow, grassRow] = await Promise.all(
      [cup.id, grass.id].map((id) =>
        eventually(
          async () => (await t.database.db.select().from(files).where(eq(files.id, id)))[0],
          (r) => r.tags.length > 1,
          SETTLE,
        ),
      ),
    );
    expect(cupRow.tags).toContain('cup');
    for (const object of ['cat', 'dog', 'person', 'car', 'cup']) expect(grassRow.tags).not.toContain(object);
  });

  it('refuses a non-image, a stranger and a signed-out visitor', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const doc = await upload(owner, 'chelsea-cat.jpg');
    expect((await other.post(`/api/files/${doc.id}/analyze-tags`)).status).toBe(403);
    expect((await t.client().post(`/api/files/${doc.id}/analyze-tags`)).status).toBe(401);
    const up = await uploadRaw(owner, pdf, 'a.pdf', {}, 'application/pdf');
    if (up.status === 201) {
      const res = await owner.post(`/api/files/${up.body.id}/analyze-tags`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Only images can be analyzed');
    }
  });
});

describe('a burst of uploads', () => {
  it('tags every photo of 8 uploaded at once, each file.uploaded job running once without a retry', async () => {
    const names = ['chelsea-cat.jpg', 'coffee-cup.jpg', 'grass.jpg', 'astronaut.jpg', 'rocket-launch.jpg', 'hubble-deep-field.jpg', 'chelsea-cat.jpg', 'coffee-cup.jpg'];
    const ids = (await Promise.all(names.map((n) => upload(owner, n)))).map((f) => f.id as number);
    // Each job starts once the one before it ends, not a polling interval later: 8 photos in well under a minute.
    const rows = await eventually(
      () => t.database.db.select({ id: files.id, at: files.recognizedAt, tags: files.tags }).from(files).where(inArray(files.id, ids)),
      (rs) => rs.every((r) => r.at !== null),
      SETTLE,
    );
    expect(rows.filter((r) => r.at === null)).toEqual([]);
    expect(rows.find((r) => r.id === ids[0])!.tags).toContain('cat');
    const jobsOf = async () =>
      (
        (await t.database.db.execute(
          sql`select state, retry_count from pgboss.job where name = 'file.uploaded' and data->>'fileId' in (${sql.join(ids.map((id) => sql`${String(id)}`), sql`, `)})`,
        )) as unknown as { rows: { state: string; retry_count: number }[] }
      ).rows;
    // The job completes just after it recorded the tags.
    const settled = await eventually(jobsOf, (js) => js.every((j) => j.state === 'completed'), SETTLE);
    expect(settled).toHaveLength(ids.length);
    expect(settled.map((j) => [j.state, Number(j.retry_count)])).toEqual(ids.map(() => ['completed', 0]));
  }, 90_000);
});
