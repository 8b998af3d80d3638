import Parser from 'rss-parser';
import { unfurl } from 'unfurl.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signedUp, type TestClient } from '../../../tests/helpers/test-client';
import { photo, uploadOk } from '../../../tests/helpers/upload';
import { createPublicPagesRepo } from './public-pages.repo';
import { ADMIN_EMAIL, testEnv } from '../../../tests/helpers/folders';

// What the visibility module keeps from visitors stays out of every public surface
// (docs/decisions/031): the pages (HTML and their meta tags), oEmbed (JSON), the sitemaps (XML)
// and the Atom feeds (XML, read by a real feed reader). Each hidden thing is looked for by its
// name, its id's page and its stored pictures on every surface, in every answer.

const t = useTestApp(testEnv);
const reader = new Parser();
let ownerId: number;
let folderId: number;
let privateFolderId: number;
const shown = { id: 0, name: 'Open harbour' };
let admin: TestClient;
let ownerClient: TestClient;
let reporterClient: TestClient;
const hidden: { label: string; id: number; name: string; picture: string }[] = [];

async function surfaces(): Promise<Record<string, string>> {
  const get = async (path: string) => (await fetch(`${t.url}${path}`)).text();
  const pages: Record<string, string> = {
    'profile page': await get(`/profile/${ownerId}`),
    'folder page': await get(`/folder/${folderId}`),
    'file page (its "More like this")': await get(`/file/${shown.id}`),
    'profile feed': await get(`/profile/${ownerId}/feed.atom`),
    'folder feed': await get(`/folder/${folderId}/feed.atom`),
    'sitemap index': await get('/sitemap.xml'),
    'files sitemap': await get('/sitemaps/files-1.xml'),
    'folders sitemap': await get('/sitemaps/folders-1.xml'),
    'profile oEmbed': await get(`/api/oembed?url=${encodeURIComponent(`${t.url}/profile/${ownerId}`)}`),
    'folder oEmbed': await get(`/api/oembed?url=${encodeURIComponent(`${t.url}/folder/${folderId}`)}`),
  };
  for (const h of hidden) {
    pages[`${h.label}: its own page`] = await get(`/file/${h.id}`);
    pages[`${h.label}: its oEmbed`] = await get(`/api/oembed?url=${encodeURIComponent(`${t.url}/file/${h.id}`)}`);
  }
  return pages;
}

beforeAll(async () => {
  const owner = await signedUp(t, { firstName: 'Ines', lastName: 'Costa' });
  ownerId = owner.id;
  const friend = await signedUp(t);
  const c = owner.client;
  ownerClient = c;
  reporterClient = friend.client;
  admin = (await signedUp(t, { email: ADMIN_EMAIL })).client;
  shown.id = (await uploadOk(c, await photo('coffee-cup.jpg'), 'harbour.jpg', { name: shown.name, tags: 'harbour' }, 'image/jpeg')).id;
  folderId = (await c.post('/api/folders', { name: 'Harbour days', isPublic: true })).body.id;
  privateFolderId = (await c.post('/api/folders', { name: 'Hidden drafts folder' })).body.id;
  await c.post(`/api/folders/${privateFolderId}/collaborators`, { userId: friend.id, role: 'VIEWER' });

  const privateFile = await uploadOk(c, await photo('coffee-cup.jpg'), 'p.jpg', { name: 'Private espresso', tags: 'harbour', isPublic: 'false' }, 'image/jpeg');
  hidden.push({ label: 'a private file', id: privateFile.id, name: 'Private espresso', picture: privateFile.filePath });
  // Also saved in the public folder: the folder shows what visitors may see of it, not this.
  await c.post(`/api/folders/${folderId}/files`, { fileId: privateFile.id });

  const inPrivateFolder = await uploadOk(c, await photo('coffee-cup.jpg'), 'f.jpg', { name: 'Draft in a private folder', tags: 'harbour', isPublic: 'false', folderId: String(privateFolderId) }, 'image/jpeg');
  hidden.push({ label: 'a file in a private folder', id: inPrivateFolder.id, name: 'Draft in a private folder', picture: inPrivateFolder.filePath });
  // Its collaborator sees it: the rule is the visibility module's, not "nobody".
  expect((await friend.client.get(`/api/files/${inPrivateFolder.id}`)).status).toBe(200);

  await c.post(`/api/folders/${folderId}/files`, { fileId: shown.id });
});

describe('what visitors may not see', () => {
  it('appears on no public surface: not its name, its page, nor its pictures', async () => {
    const answers = await surfaces();
    // The public file is there, so an empty answer cannot pass for a clean one.
    expect(answers['profile page']).toContain(shown.name);
    expect(answers['folder page']).toContain(shown.name);
    expect(answers['files sitemap']).toContain(`/file/${shown.id}</loc>`);
    const missing = await (await fetch(`${t.url}/api/oembed?url=${encodeURIComponent(`${t.url}/file/2000000000`)}`)).text();
    for (const h of hidden) {
      expect(answers[`${h.label}: its own page`], h.label).toContain('Page not found');
      expect(answers[`${h.label}: its oEmbed`], h.label).toBe(missing);
      for (const [surface, text] of Object.entries(answers)) {
        expect(text, `${h.label} on ${surface}`).not.toContain(h.name);
        expect(text, `${h.label} on ${surface}`).not.toContain(h.picture);
        expect(text, `${h.label} on ${surface}`).not.toContain(`/file/${h.id}<`);
        expect(text, `${h.label} on ${surface}`).not.toContain(`/file/${h.id}"`);
      }
    }
    expect(answers['folders sitemap']).not.toContain(`/folder/${privateFolderId}<`);
    expect(answers['folder page']).not.toContain('Hidden drafts folder');
    expect(answers['profile page']).not.toContain('Hidden drafts folder');
    expect((await fetch(`${t.url}/folder/${privateFolderId}`)).status).toBe(404);
    expect((await fetch(`${t.url}/folder/${privateFolderId}/feed.atom`)).status).toBe(404);
  });

  it('is in no feed entry a feed reader reads, nor in any preview a chat app unfurls', async () => {
    for (const path of [`/profile/${ownerId}/feed.atom`, `/folder/${folderId}/feed.atom`]) {
      const feed = await reader.parseURL(`${t.url}${path}`);
      expect(feed.items.map((i) => i.title)).toEqual([shown.name]);
    }
    for (const h of hidden) {
      const preview = await unfurl(`${t.url}/file/${h.id}`).catch((error: Error) => error);
      // unfurl.js refuses a 404 page outright: nothing to preview.
      expect(preview).toBeInstanceOf(Error);
    }
    const profilePreview = await unfurl(`${t.url}/profile/${ownerId}`);
    expect(JSON.stringify(profilePreview)).not.toMatch(/Private espresso|Draft in a private folder/);
  });

  it('is in no sitemap row, however the rows are paged', async () => {
    const repo = createPublicPagesRepo(t.database.db);
    const pages = await repo.sitemapPages('files', 1);
    const rows = (await Promise.all(pages.map((p) => repo.sitemapRows('files', p.page, 1)))).flat().map((r) => r.id);
    expect(rows).toContain(shown.id);
    for (const h of hidden) expect(rows).not.toContain(h.id);
  });
});

describe('what moderation takes away', () => {
  const publicCount = async (path: string) => (await reader.parseURL(`${t.url}${path}`)).items.length;

  it("takes a suspended member's files, folders and profile off every public surface, and gives them back when lifted", async () => {
    const member = await signedUp(t, { firstName: 'Sol', lastName: 'Vargas' });
    const file = await uploadOk(member.client, await photo('coffee-cup.jpg'), 's.jpg', { name: 'Lighthouse at dusk' }, 'image/jpeg');
    const folder = (await member.client.post('/api/folders', { name: 'Coastal walks', isPublic: true })).body.id as number;
    await member.client.post(`/api/folders/${folder}/files`, { fileId: file.id });
    const paths = [`/file/${file.id}`, `/folder/${folder}`, `/profile/${member.id}`];
    for (const path of paths) expect((await fetch(`${t.url}${path}`)).status, path).toBe(200);
    expect(await publicCount(`/profile/${member.id}/feed.atom`)).toBe(1);

    expect((await admin.post(`/api/admin/users/${member.id}/suspend`, { reason: 'spam' })).status).toBe(200);
    for (const path of [...paths, `/profile/${member.id}/feed.atom`, `/folder/${folder}/feed.atom`]) expect((await fetch(`${t.url}${path}`)).status, path).toBe(404);
    const oembed = await fetch(`${t.url}/api/oembed?url=${encodeURIComponent(`${t.url}/file/${file.id}`)}`);
    expect(oembed.status).toBe(404);
    for (const sitemap of ['/sitemaps/files-1.xml', '/sitemaps/folders-1.xml', '/sitemaps/profiles-1.xml']) {
      const text = await (await fetch(`${t.url}${sitemap}`)).text();
      expect(text, sitemap).not.toMatch(new RegExp(`/(file/${file.id}|folder/${folder}|profile/${member.id})<`));
    }
    expect(await (await fetch(`${t.url}/file/${shown.id}`)).text()).not.toContain('Lighthouse at dusk');

    expect((await admin.post(`/api/admin/users/${member.id}/unsuspend`, {})).status).toBe(200);
    for (const path of paths) expect((await fetch(`${t.url}${path}`)).status, path).toBe(200);
  });

  it('takes a removed file off every public surface, its picture included', async () => {
    const member = await signedUp(t);
    const file = await uploadOk(member.client, await photo('coffee-cup.jpg'), 'r.jpg', { name: 'Copied poster' }, 'image/jpeg');
    const picture = `${t.url}${file.filePath}`;
    expect((await fetch(picture)).status).toBe(200);
    expect(await publicCount(`/profile/${member.id}/feed.atom`)).toBe(1);
    const filed = await reporterClient.post('/api/reports', { targetType: 'file', targetId: file.id, reason: 'copyright' });
    expect(filed.status, filed.text).toBe(201);
    expect((await admin.post(`/api/admin/reports/${filed.body.id}/resolve`, { action: 'remove' })).status).toBe(200);
    expect((await fetch(`${t.url}/file/${file.id}`)).status).toBe(404);
    expect((await fetch(picture)).status).toBe(404);
    expect(await publicCount(`/profile/${member.id}/feed.atom`)).toBe(0);
    expect(await (await fetch(`${t.url}/sitemaps/files-1.xml`)).text()).not.toContain(`/file/${file.id}<`);
    expect((await fetch(`${t.url}/api/oembed?url=${encodeURIComponent(`${t.url}/file/${file.id}`)}`)).status).toBe(404);
  });

  it('gives a member blocked by the owner the app at those addresses, whose answers leave the owner out (visitors have no blocks)', async () => {
    const blocked = await signedUp(t);
    expect((await fetch(`${t.url}/file/${shown.id}`)).status).toBe(200);
    expect((await t.client().get(`/api/files/${shown.id}`)).status).toBe(200);
    expect((await ownerClient.post(`/api/users/${blocked.id}/block`)).status).toBe(200);
    const page = await blocked.client.get(`/file/${shown.id}`);
    expect(page.text).not.toContain(shown.name);
    expect((await blocked.client.get(`/api/files/${shown.id}`)).status).toBe(404);
    expect((await ownerClient.delete(`/api/users/${blocked.id}/block`)).status).toBe(200);
    expect((await blocked.client.get(`/api/files/${shown.id}`)).status).toBe(200);
  });
});
