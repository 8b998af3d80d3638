import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files } from '../db/schema/index';
import * as samples from '../../tests/helpers/media-samples';
import { useTestApp } from '../../tests/helpers/test-app';
import { signUp, type TestClient, type TestResponse } from '../../tests/helpers/test-client';
import { upload } from '../../tests/helpers/upload';

// The visibility table (decision 006): every read path, for every kind of viewer and every kind of
// file, answers what server/access/visibility.ts decides.

type ViewerCase = 'owner' | 'member' | 'visitor' | 'admin';
type FileCase = 'public' | 'private' | 'nsfw';
const viewerCases: ViewerCase[] = ['owner', 'member', 'visitor', 'admin'];
const fileCases: FileCase[] = ['public', 'private', 'nsfw'];

/** Who may see the file at all: detail, bytes, comments, likes, views, counts. */
const sees: Record<FileCase, Record<ViewerCase, boolean>> = {
  public: { owner: true, member: true, visitor: true, admin: true },
  private: { owner: true, member: false, visitor: false, admin: false },
  nsfw: { owner: true, member: true, visitor: true, admin: true },
};
/** Who finds it in the random feed (the landing page's pictures): visitors get no NSFW. */
const discovers: Record<FileCase, Record<ViewerCase, boolean>> = {
  public: { owner: true, member: true, visitor: true, admin: true },
  private: { owner: true, member: false, visitor: false, admin: false },
  nsfw: { owner: true, member: true, visitor: false, admin: true },
};
/** The sign-in slideshow and the tag marquee are one showcase for everyone. */
const inSlideshow: Record<FileCase, boolean> = { public: true, private: false, nsfw: false };
const tagsInMarquee: Record<FileCase, boolean> = { public: true, private: false, nsfw: true };
/** What a viewer who sees the file may do with it. */
const abilities: Record<ViewerCase, { canEdit: boolean; canDelete: boolean }> = {
  owner: { canEdit: true, canDelete: true },
  member: { canEdit: false, canDelete: false },
  visitor: { canEdit: false, canDelete: false },
  admin: { canEdit: false, canDelete: false },
};

const t = useTestApp({ AUTH_RATE_LIMIT: '1000', ADMIN_EMAILS: 'boss@example.com' });
const clients = {} as Record<ViewerCase, TestClient>;
const file = {} as Record<FileCase, { id: number; name: string; tag: string; urls: string[] }>;

beforeAll(async () => {
  for (const v of viewerCases) clients[v] = t.client();
  await signUp(clients.owner);
  await signUp(clients.member);
  const admin = await signUp(clients.admin, { email: 'boss@example.com' });
  expect(admin.user.isAdmin).toBe(true);

  for (const kind of fileCases) {
    const name = `visibility-${kind}-file.gif`;
    const tag = `only-${kind}`;
    const res = await upload(clients.owner, await samples.gif(), name, { tags: tag, ...(kind === 'private' ? { isPublic: 'false' } : {}) }, 'image/gif');
    expect(res.status).toBe(201);
    if (kind === 'nsfw') await t.database.db.update(files).set({ isNsfw: true }).where(eq(files.id, res.body.id));
    const opt = await clients.owner.get(`/api/files/${res.body.id}/optimization`);
    const urls = [res.body.filePath, res.body.thumbnailPath, ...Object.values(opt.body.formats as Record<string, string>)];
    file[kind] = { id: res.body.id, name: res.body.name, tag, urls: [...new Set(urls.filter(Boolean) as string[])] };
    // Every stored object of an image: original, compressed, WebP, thumbnail.
    expect(file[kind].urls.length).toBeGreaterThanOrEqual(4);
  }
});

function ids(res: TestResponse): number[] {
  return (res.body as { id: number }[]).map((f) => f.id);
}

/** Lists must not carry a hidden file by id, name or tag: absence, not just a missing card. */
function expectListed(res: TestResponse, expected: Record<FileCase, boolean>, label: string) {
  expect(res.status, label).toBe(200);
  for (const kind of fileCases) {
    expect(ids(res).includes(file[kind].id), `${label}: ${kind}`).toBe(expected[kind]);
    if (!expected[kind] && kind === 'private') expect(res.text, `${label}: private name`).not.toContain(file.private.name);
  }
}

describe.each(viewerCases)('lists seen by %s', (viewer) => {
  const c = () => clients[viewer];

  it('feed (GET /api/files) lists what the viewer sees; visitors are asked to sign in', async () => {
    const res = await c().get('/api/files?limit=100');
    if (viewer === 'visitor') return expect(res.status).toBe(401);
    expectListed(res, { public: true, private: viewer === 'owner', nsfw: true }, 'feed');
  });

  it.each(['random', 'newest', 'most_liked', 'alphabetical'])('random feed sorted %s leaves out what the viewer may not discover', async (sortBy) => {
    const res = await c().get(`/api/files/random?sortBy=${sortBy}&limit=100`);
    expectListed(res, { public: discovers.public[viewer], private: discovers.private[viewer], nsfw: discovers.nsfw[viewer] }, `random ${sortBy}`);
  });

  it('slideshow shows public, non-NSFW images only', async () => {
    const res = await c().get('/api/slideshow/images');
    expectListed(res, inSlideshow, 'slideshow');
    expect(res.text).not.toContain(file.private.urls[0]);
  });

  it('random tags come from public files only', async () => {
    const res = await c().get('/api/tags/random?limit=100');
    expect(res.status).toBe(200);
    for (const kind of fileCases) expect((res.body as string[]).includes(file[kind].tag), kind).toBe(tagsInMarquee[kind]);
  });
});

describe.each(viewerCases)('one file, seen by %s', (viewer) => {
  const c = () => clients[viewer];
  const signedIn = viewer !== 'visitor';

  it.each(fileCases)('a %s file answers every read path as the table says', async (kind) => {
    const { id } = file[kind];
    const visible = sees[kind][viewer];
    const expectStatus = async (res: Promise<TestResponse>, ok: number, label: string) => {
      const r = await res;
      expect(r.status, label).toBe(visible ? ok : 404);
      if (!visible) expect(r.body, label).toEqual({ message: 'File not found' });
      return r;
    };

    const detail = await expectStatus(c().get(`/api/files/${id}`), 200, 'detail');
    if (visible) expect({ canEdit: detail.body.canEdit, canDelete: detail.body.canDelete }, 'abilities').toEqual(abilities[viewer]);
    await expectStatus(c().get(`/api/files/${id}/content`), 200, 'content');
    await expectStatus(c().get(`/api/files/${id}/download`), 200, 'download');
    await expectStatus(c().get(`/api/files/${id}/optimization`), 200, 'optimization');
    for (const url of file[kind].urls) await expectStatus(c().get(url), 200, url);
    await expectStatus(c().get(`/api/files/${id}/comments`), 200, 'comments list');

    // Writes that read the file: members get the visibility answer, visitors are asked to sign in.
    const writes: [string, () => Promise<TestResponse>, number][] = [
      ['comment', () => c().post(`/api/files/${id}/comments`, { content: `from ${viewer}` }), 201],
      ['like', () => c().post(`/api/files/${id}/like`), 200],
      ['unlike', () => c().delete(`/api/files/${id}/like`), 200],
    ];
    for (const [label, write, ok] of writes) {
      if (signedIn) await expectStatus(write(), ok, label);
      else expect((await write()).status, label).toBe(401);
    }
  });
});

describe('counts', () => {
  it('a hidden file counts no view, like or comment from those who may not see it', async () => {
    // Every viewer above ran every path; only the owner could reach the private file, and the
    // owner's own views are not counted. (Views are written in batches: write the waiting ones.)
    await t.app.views.flush();
    const seen = (await clients.owner.get(`/api/files/${file.private.id}`)).body;
    expect(seen).toMatchObject({ viewCount: 0, likeCount: 0, commentCount: 1 });
    const comments = (await clients.owner.get(`/api/files/${file.private.id}/comments`)).body as { content: string }[];
    expect(comments.map((x) => x.content)).toEqual(['from owner']);
  });

  it('a visible file counts each member who saw it once, and the owner never', async () => {
    await t.app.views.flush();
    const seen = (await clients.owner.get(`/api/files/${file.public.id}`)).body;
    expect(seen).toMatchObject({ viewCount: 2, likeCount: 0, commentCount: 3 });
  });
});
