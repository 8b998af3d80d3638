import Parser from 'rss-parser';
import sharp from 'sharp';
import { unfurl } from 'unfurl.js';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signedUp } from '../../../tests/helpers/test-client';
import { photo, uploadOk } from '../../../tests/helpers/upload';

// Visitors' pages and link previews (docs/decisions/031), read as a chat app reads them: with a
// real unfurling library (unfurl.js, which also follows the oEmbed link) against the real server.

const t = useTestApp();
let maya: Awaited<ReturnType<typeof signedUp>>;
let sunset: { id: number; filePath: string };

const visit = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers });

beforeAll(async () => {
  maya = await signedUp(t, { firstName: 'Maya', lastName: 'Lopes', username: `maya_${Date.now().toString(36).slice(-6)}` });
  sunset = await uploadOk(maya.client, await photo('coffee-cup.jpg'), 'sunset.jpg', { name: 'Sunset over Lisbon', description: 'Golden hour above the river', tags: 'sunset,lisbon' }, 'image/jpeg');
  await maya.client.post(`/api/files/${sunset.id}/comments`, { content: 'The light in this one!' });
});

describe("a public file's page for a visitor", () => {
  it('is HTML the server wrote: the picture, name, description, tags, owner, counts, comments and calls to act', async () => {
    const res = await visit(`/file/${sunset.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('x-robots-tag')).toBeNull();
    const html = await res.text();
    expect(html).toContain('<title>Sunset over Lisbon · Kaleido</title>');
    expect(html).toContain('<h1 id="file-title"');
    expect(html).toContain(`src="${sunset.filePath}"`);
    expect(html).toContain('Golden hour above the river');
    expect(html).toContain('#sunset');
    expect(html).toContain('Maya Lopes');
    expect(html).toContain('1 comment');
    expect(html).toContain('The light in this one!');
    expect(html).toContain(`href="/auth?tab=register&amp;next=%2Ffile%2F${sunset.id}"`);
    expect(html).toContain(`href="/auth?tab=login&amp;next=%2Ffile%2F${sunset.id}"`);
    expect(html).not.toContain('<script type="module"');
  });

  it('unfurls in a chat app: title, description, a JPEG at least 600 px wide with its size, Twitter card and oEmbed', async () => {
    const url = `${t.url}/file/${sunset.id}`;
    const preview = await unfurl(url);
    expect(preview.title).toBe('Sunset over Lisbon · Kaleido');
    expect(preview.description).toBe('Golden hour above the river');
    expect(preview.open_graph.title).toBe('Sunset over Lisbon');
    expect(preview.open_graph.url).toBe(url);
    const image = preview.open_graph.images![0];
    expect(image.url).toMatch(new RegExp(`^${t.url}/uploads/.+\\.jpg$`));
    expect(image.width).toBeGreaterThanOrEqual(600);
    const bytes = Buffer.from(await (await fetch(image.url)).arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([image.width, image.height]);
    expect(preview.twitter_card.card).toBe('summary_large_image');
    expect(preview.twitter_card.images![0].url).toBe(image.url);
    expect(preview.oEmbed).toMatchObject({ type: 'photo', title: 'Sunset over Lisbon', author_name: 'Maya Lopes', provider_name: 'Kaleido', url: image.url });
  });

  it('is the app for a signed-in member, as before; shared caches keep the two apart by the cookie', async () => {
    const res = await visit(`/file/${sunset.id}`, { cookie: maya.client.cookieHeader, accept: 'text/html' });
    expect(await res.text()).not.toContain('file-title');
    expect(res.headers.get('vary')).toContain('cookie');
    expect((await visit(`/file/${sunset.id}`)).headers.get('vary')).toContain('cookie');
  });

  it('shows a new comment at once, and answers the not-found page as soon as the file is gone', async () => {
    await visit(`/file/${sunset.id}`);
    await maya.client.post(`/api/files/${sunset.id}/comments`, { content: 'A second look' });
    expect(await (await visit(`/file/${sunset.id}`)).text()).toContain('A second look');
    const gone = await uploadOk(maya.client, await photo('grass.jpg'), 'grass.jpg', { name: 'Soon gone' }, 'image/jpeg');
    expect((await visit(`/file/${gone.id}`)).status).toBe(200);
    expect((await maya.client.delete(`/api/files/${gone.id}`)).status).toBe(200);
    expect((await visit(`/file/${gone.id}`)).status).toBe(404);
  });

  it('shows a folder made private as not found at once, and its files no longer in the public folder', async () => {
    const folderId = (await maya.client.post('/api/folders', { name: 'Lisbon walks' })).body.id as number;
    await maya.client.patch(`/api/folders/${folderId}`, { isPublic: true });
    await maya.client.post(`/api/folders/${folderId}/files`, { fileId: sunset.id });
    const open = await visit(`/folder/${folderId}`);
    expect(open.status).toBe(200);
    const html = await open.text();
    expect(html).toContain('<title>Lisbon walks · Kaleido</title>');
    expect(html).toContain(`href="/file/${sunset.id}"`);
    await maya.client.patch(`/api/folders/${folderId}`, { isPublic: false });
    expect((await visit(`/folder/${folderId}`)).status).toBe(404);
  });
});

describe('the not-found page', () => {
  it('is the same for a private file as for one that never existed, and names nothing', async () => {
    const secret = await uploadOk(maya.client, await photo('astronaut.jpg'), 'secret.jpg', { name: 'Secret plans', isPublic: 'false' }, 'image/jpeg');
    const missing = 2_000_000_000;
    const [a, b] = await Promise.all([visit(`/file/${secret.id}`), visit(`/file/${missing}`)]);
    expect([a.status, b.status]).toEqual([404, 404]);
    const [ha, hb] = [await a.text(), await b.text()];
    // Only the address it was asked for (where Log In comes back to) differs.
    const at = (html: string, id: number) => html.replaceAll(`%2Ffile%2F${id}`, 'PATH');
    expect(at(ha, secret.id)).toBe(at(hb, missing));
    expect(ha).not.toContain('Secret plans');
    expect(ha).toContain('<meta name="robots" content="noindex"/>');
    expect((await visit('/file/abc')).status).toBe(404);
  });
});

describe("a member's choices", () => {
  let quiet: Awaited<ReturnType<typeof signedUp>>;
  let quietFile: { id: number };
  beforeAll(async () => {
    quiet = await signedUp(t, { firstName: 'Quiet', lastName: 'Member' });
    quietFile = await uploadOk(quiet.client, await photo('grass.jpg'), 'grass.jpg', { name: 'Quiet grass' }, 'image/jpeg');
  });

  it('denying indexing puts noindex in the meta tags and the X-Robots-Tag of their pages, and takes them out of the sitemap', async () => {
    await quiet.client.put('/api/user/preferences', { searchIndexing: 'deny' });
    for (const path of [`/file/${quietFile.id}`, `/profile/${quiet.id}`, `/profile/${quiet.id}/feed.atom`]) {
      const res = await visit(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex');
    }
    expect(await (await visit(`/file/${quietFile.id}`)).text()).toContain('<meta name="robots" content="noindex"/>');
    const files1 = await (await visit('/sitemaps/files-1.xml')).text();
    expect(files1).toContain(`/file/${sunset.id}</loc>`);
    expect(files1).not.toContain(`/file/${quietFile.id}</loc>`);
    expect(await (await visit('/sitemaps/profiles-1.xml')).text()).not.toContain(`/profile/${quiet.id}</loc>`);
  });

  it('"Show my profile to visitors" off makes the profile and its feed not found for visitors; the files stay reachable', async () => {
    expect((await visit(`/profile/${quiet.id}`)).status).toBe(200);
    await quiet.client.put('/api/user/preferences', { showProfileToVisitors: false });
    expect((await visit(`/profile/${quiet.id}`)).status).toBe(404);
    expect((await visit(`/profile/${quiet.id}/feed.atom`)).status).toBe(404);
    const file = await visit(`/file/${quietFile.id}`);
    expect(file.status).toBe(200);
    // Their name is shown, but is no link to a page visitors cannot open.
    expect(await file.text()).not.toContain(`href="/profile/${quiet.id}"`);
    // Members still see the profile.
    expect((await maya.client.get(`/api/users/${quiet.id}`)).status).toBe(200);
  });
});

describe('a sensitive file', () => {
  it('previews with the neutral card and no description of its own', async () => {
    const file = await uploadOk(maya.client, await photo('rocket-launch.jpg'), 'rocket.jpg', { name: 'Launch', description: 'Something explicit' }, 'image/jpeg');
    await t.database.db.update(files).set({ isNsfw: true }).where(eq(files.id, file.id));
    const preview = await unfurl(`${t.url}/file/${file.id}`);
    expect(preview.open_graph.images![0].url).toBe(`${t.url}/share-card.png`);
    expect(preview.description).not.toContain('explicit');
    expect(preview.open_graph.description).not.toContain('explicit');
    expect(preview.oEmbed).toMatchObject({ type: 'link' });
    expect(JSON.stringify(preview.oEmbed)).not.toContain('/uploads/');
    expect((await visit(`/api/files/${file.id}/share-image`)).status).toBe(404);
  });
});

describe('share cards', () => {
  it('are a 1200 × 630 JPEG for a picture narrower than 600 px', async () => {
    const small = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
    const file = await uploadOk(maya.client, small, 'small.jpg', { name: 'Small blue' }, 'image/jpeg');
    const preview = await unfurl(`${t.url}/file/${file.id}`);
    const image = preview.open_graph.images![0];
    expect(image.url).toBe(`${t.url}/api/files/${file.id}/share-image`);
    expect([image.width, image.height]).toEqual([1200, 630]);
    const meta = await sharp(Buffer.from(await (await fetch(image.url)).arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });
});

describe('oEmbed', () => {
  const oembed = (url: string, extra = '') => visit(`/api/oembed?url=${encodeURIComponent(url)}${extra}`);

  it('answers a folder and a profile as links, scales to maxwidth, refuses xml and foreign or unknown URLs', async () => {
    const profile = await (await oembed(`${t.url}/profile/${maya.id}`)).json();
    expect(profile).toMatchObject({ version: '1.0', type: 'link', title: expect.stringContaining('Maya Lopes (@'), author_url: `${t.url}/profile/${maya.id}` });
    const scaled = await (await oembed(`${t.url}/file/${sunset.id}`, '&maxwidth=300')).json();
    expect(scaled.width).toBeLessThanOrEqual(300);
    expect((await oembed(`${t.url}/file/${sunset.id}`, '&format=xml')).status).toBe(501);
    expect((await oembed(`https://elsewhere.example/file/${sunset.id}`)).status).toBe(404);
    expect((await oembed(`${t.url}/file/2000000000`)).status).toBe(404);
    expect((await visit('/api/oembed')).status).toBe(400);
  });
});

describe('Atom feeds', () => {
  it("give a feed reader each public upload's title, link, date, picture as an enclosure and in the content, linked from the profile's head", async () => {
    const html = await (await visit(`/profile/${maya.id}`)).text();
    expect(html).toContain(`<link rel="alternate" type="application/atom+xml" href="${t.url}/profile/${maya.id}/feed.atom"`);
    const feed = await new Parser({ customFields: { item: [['link', 'links', { keepArray: true }]] } }).parseURL(`${t.url}/profile/${maya.id}/feed.atom`);
    expect(feed.title).toBe('Maya Lopes on Kaleido');
    expect(feed.link).toBe(`${t.url}/profile/${maya.id}`);
    const item = feed.items.find((i) => i.title === 'Sunset over Lisbon')!;
    expect(item.link).toBe(`${t.url}/file/${sunset.id}`);
    expect(new Date(item.pubDate!).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(item.content).toContain(`<img src="${t.url}${sunset.filePath}"`);
    expect(item.content).toContain('Golden hour above the river');
    const links = (item as unknown as { links: { $: { rel: string; href: string; type: string } }[] }).links.map((l) => l.$);
    expect(links).toContainEqual({ rel: 'enclosure', href: `${t.url}${sunset.filePath}`, type: 'image/webp' });
  });
});

describe('robots.txt', () => {
  it('welcomes crawlers to public pages, keeps them off member screens and names the sitemap', async () => {
    const text = await (await visit('/robots.txt')).text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /settings');
    expect(text).toContain('Allow: /api/files/*/share-image');
    expect(text).toContain(`Sitemap: ${t.url}/sitemap.xml`);
  });
});

