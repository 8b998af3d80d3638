import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALT_TEXT_MAX, postMessages } from '../../../contract/post-text';
import { files } from '../../db/schema/index';
import { castActors, createFolder, testEnv, type Cast } from '../../../tests/helpers/folders';
import { useTestApp } from '../../../tests/helpers/test-app';
import { photo, uploadOk } from '../../../tests/helpers/upload';

// Edit after posting (docs/decisions/032): who may change what, what the next read shows
// everywhere (the cached feed, the detail, a visitor's page, search), and refusals that change nothing.

const t = useTestApp(testEnv);
let cast: Cast;
const jpeg = async () => photo('coffee-cup.jpg');
const post = async (fields: Record<string, string>) => (await uploadOk(cast.clients.owner, await jpeg(), 'IMG_2041.jpg', fields, 'image/jpeg')).id as number;
const row = async (id: number) => (await t.database.db.select().from(files).where(eq(files.id, id)))[0];
/** Recognition's job merges tags after an upload: a row is compared once it has run. */
async function recognized(id: number) {
  for (const end = Date.now() + 20_000; !(await row(id)).recognizedAt; await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() > end) throw new Error(`file ${id} was not recognised`);
  }
  return row(id);
}

beforeAll(async () => {
  cast = await castActors(t);
});

describe('PATCH /api/files/{id} by the owner', () => {
  it('changes name, description and visibility; the feed, the detail and a visitor see it on the next read', async () => {
    const id = await post({ name: 'Morning', description: 'first light' });
    const other = cast.clients.other;
    // Warm every cache that holds the card: another member's feed, a visitor's page and detail.
    expect((await other.get('/api/files?limit=50')).body.find((f: { id: number }) => f.id === id)?.name).toBe('Morning');
    expect(await (await fetch(`${t.url}/file/${id}`)).text()).toContain('Morning');
    expect((await cast.clients.visitor.get(`/api/files/${id}`)).status).toBe(200);
    expect((await cast.clients.owner.get(`/api/files/${id}`)).body.editedAt).toBeNull();

    const renamed = await cast.clients.owner.patch(`/api/files/${id}`, { name: 'Harbour at dawn', description: 'Boats leaving' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Harbour at dawn', description: 'Boats leaving', isPublic: true });
    expect(renamed.body.editedAt).not.toBeNull();
    expect((await other.get('/api/files?limit=50')).body.find((f: { id: number }) => f.id === id)?.name).toBe('Harbour at dawn');
    const page = await (await fetch(`${t.url}/file/${id}`)).text();
    expect(page).toContain('Harbour at dawn');
    expect(page).not.toContain('Morning');

    expect((await cast.clients.owner.patch(`/api/files/${id}`, { isPublic: false })).body.isPublic).toBe(false);
    expect((await other.get('/api/files?limit=50')).body.some((f: { id: number }) => f.id === id)).toBe(false);
    expect((await cast.clients.visitor.get(`/api/files/${id}`)).status).toBe(404);
    expect((await fetch(`${t.url}/file/${id}`)).status).toBe(404);
    expect((await cast.clients.owner.get(`/api/files/${id}`)).body).toMatchObject({ name: 'Harbour at dawn', isPublic: false });
  });

  it('refuses bad input with a 400 naming it, and changes nothing', async () => {
    const id = await post({ name: 'Kept' });
    const before = await recognized(id);
    for (const body of [{}, { name: '' }, { altText: 'x'.repeat(ALT_TEXT_MAX + 1) }, { isPublic: 'yes' }, { owner: 1 }, { description: 'a\u0000b' }, { tags: ['x'.repeat(41)] }]) {
      const res = await cast.clients.owner.patch(`/api/files/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await cast.clients.owner.patch(`/api/files/${id}`, {})).body.message).toContain(postMessages.nothingToChange);
    expect(await row(id)).toEqual(before);
  });
});

describe('who may edit', () => {
  it('an EDITOR of a folder holding the file changes tags and alt text only; viewers, others and visitors nothing', async () => {
    const { clients, ids } = cast;
    const folderId = await createFolder(clients.owner, { name: 'Shared', isPublic: false });
    for (const [who, role] of [['editor', 'EDITOR'], ['viewer', 'VIEWER']] as const) {
      expect((await clients.owner.post(`/api/folders/${folderId}/collaborators`, { userId: ids[who], role })).status).toBe(201);
    }
    const id = await post({ name: 'Private in folder', isPublic: 'false', folderId: String(folderId) });
    const before = await recognized(id);

    expect((await clients.editor.patch(`/api/files/${id}`, { name: 'Mine now' })).status).toBe(403);
    const refused = await clients.editor.patch(`/api/files/${id}`, { tags: ['boats'], isPublic: true });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(postMessages.editorsTagsAndAlt);
    expect((await clients.viewer.patch(`/api/files/${id}`, { tags: ['boats'] })).status).toBe(403);
    expect((await clients.other.patch(`/api/files/${id}`, { tags: ['boats'] })).status).toBe(404);
    expect((await clients.admin.patch(`/api/files/${id}`, { tags: ['boats'] })).status).toBe(404);
    expect((await clients.visitor.patch(`/api/files/${id}`, { tags: ['boats'] })).status).toBe(401);
    expect(await row(id)).toEqual(before);

    const edited = await clients.editor.patch(`/api/files/${id}`, { tags: ['boats', 'harbour'], altText: 'Three fishing boats at a pier' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ tags: ['boats', 'harbour'], alt: 'Three fishing boats at a pier', altText: 'Three fishing boats at a pier', isPublic: false, name: 'Private in folder' });
    // The owner's next read shows the collaborator's edit.
    expect((await clients.owner.get(`/api/files/${id}`)).body.alt).toBe('Three fishing boats at a pier');
  });
});

describe('alt text', () => {
  it('is written at upload, used as the alt, found by search; a suggestion from recognition until a member writes one', async () => {
    const id = await post({ name: 'IMG_2041', altText: 'A violet kingfisher on a mossy branch' });
    const file = (await cast.clients.other.get(`/api/files/${id}`)).body;
    expect(file).toMatchObject({ alt: 'A violet kingfisher on a mossy branch', altText: 'A violet kingfisher on a mossy branch' });
    const found = await cast.clients.other.get('/api/files/search?q=kingfisher&resultType=files');
    expect(found.body.map((r: { data: { id: number } }) => r.data.id)).toEqual([id]);
    expect(await (await fetch(`${t.url}/file/${id}`)).text()).toContain('alt="A violet kingfisher on a mossy branch"');

    const plain = await post({ name: 'IMG_2042' });
    await recognized(plain);
    await t.database.db.update(files).set({ recognizedTags: ['horse', 'person'] }).where(eq(files.id, plain));
    await cast.clients.owner.patch(`/api/files/${plain}`, { description: 'refresh the card' });
    expect((await cast.clients.owner.get(`/api/files/${plain}`)).body).toMatchObject({ alt: 'Photo: horse, person', altText: null });
    // Clearing a written alt goes back to the suggestion.
    await cast.clients.owner.patch(`/api/files/${plain}`, { altText: 'A rider' });
    expect((await cast.clients.owner.patch(`/api/files/${plain}`, { altText: '' })).body).toMatchObject({ alt: 'Photo: horse, person', altText: null });
  });
});

describe('the author’s content warning', () => {
  it('marks the file as NSFW with a warning; taking it back keeps the automatic flag', async () => {
    const id = await post({ name: 'Surgery notes', sensitive: 'true', contentWarning: 'Medical' });
    expect((await cast.clients.other.get(`/api/files/${id}`)).body).toMatchObject({ isNsfw: true, sensitive: true, contentWarning: 'Medical' });
    // Visitors' showcases never carry NSFW files.
    const shown = await cast.clients.visitor.get('/api/files/random?limit=100');
    expect(shown.body.some((f: { id: number }) => f.id === id)).toBe(false);
    expect((await cast.clients.owner.patch(`/api/files/${id}`, { sensitive: false })).body).toMatchObject({ isNsfw: false, sensitive: false, contentWarning: null });

    const flagged = await post({ name: 'Flagged' });
    await recognized(flagged);
    await t.database.db.update(files).set({ isNsfw: true, nsfwFlagged: true }).where(eq(files.id, flagged));
    await cast.clients.owner.patch(`/api/files/${flagged}`, { sensitive: true, contentWarning: 'Spoilers' });
    expect((await cast.clients.owner.patch(`/api/files/${flagged}`, { sensitive: false })).body).toMatchObject({ isNsfw: true, sensitive: false });
  });
});

describe('#hashtags', () => {
  it('count as tags: `#word` finds exactly the files that carry it, and the marquee shows it', async () => {
    const tagged = await post({ name: 'Evening', description: 'Walk along the #Strandpromenade_2 at dusk' });
    // The word alone, without the #, in another file's name: found by words, not by the hashtag.
    await post({ name: 'strandpromenade_2 sign' });
    expect((await cast.clients.owner.get(`/api/files/${tagged}`)).body.hashtags).toEqual(['strandpromenade_2']);
    const res = await cast.clients.other.get(`/api/files/search?q=${encodeURIComponent('#strandpromenade_2')}`);
    expect(res.body.map((r: { type: string; data: { id: number } }) => `${r.type}:${r.data.id}`)).toEqual([`file:${tagged}`]);
    expect((await cast.clients.visitor.get('/api/tags/random?limit=100')).body).toContain('strandpromenade_2');
    expect((await cast.clients.other.get('/api/files/search?tag=strandpromenade_2')).body.map((r: { data: { id: number } }) => r.data.id)).toEqual([tagged]);
    // An edit that drops the hashtag takes the file out of it.
    await cast.clients.owner.patch(`/api/files/${tagged}`, { description: 'Walk at dusk' });
    expect((await cast.clients.other.get(`/api/files/search?q=${encodeURIComponent('#strandpromenade_2')}`)).body).toEqual([]);
  });
});
