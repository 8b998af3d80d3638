import type { FileDto } from '../../../contract/files';
import { PRODUCT_NAME } from '../../../contract/page-titles';
import { screenPaths } from '../../../contract/screens';
import { crawlerPaths } from '../../../contract/public-pages';
import { endpoints } from '../../../contract/api';
import { API_PREFIX } from '../../../contract/endpoint-path';

/** Text for XML (and HTML inside it): the five characters XML gives meaning to. */
export function xmlEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/**
 * robots.txt: crawlers are welcome on every public page and picture, and sent away from what only
 * members use (sign-in, search, settings…) and from the API, except the calls link previews make.
 * The sitemap lists the pages of members who allow indexing; the pages of those who deny it say
 * `noindex` themselves (a robots.txt rule would stop crawlers from reading that).
 */
export function robotsTxt(absolute: (path: string) => string): string {
  const memberOnly = [screenPaths.auth, screenPaths.resetPassword, screenPaths.settings, screenPaths.search, screenPaths.notifications, screenPaths.admin, screenPaths.unsubscribe, screenPaths.invite.replace(':token', '')];
  return [
    'User-agent: *',
    'Allow: /',
    ...memberOnly.map((path) => `Disallow: ${path}`),
    `Disallow: ${API_PREFIX}`,
    ...[endpoints.getOEmbed, endpoints.getFileShareImage, endpoints.getFileContent].map((e) => `Allow: ${e.path.replace(/:\w+/g, '*')}`),
    '',
    `Sitemap: ${absolute(crawlerPaths.sitemap)}`,
    '',
  ].join('\n');
}

export function sitemapIndexXml(pages: readonly { loc: string; lastmod: Date }[]): string {
  const rows = pages.map((p) => `  <sitemap><loc>${xmlEscape(p.loc)}</loc><lastmod>${p.lastmod.toISOString()}</lastmod></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join('\n')}${rows.length ? '\n' : ''}</sitemapindex>\n`;
}

export function urlSetXml(urls: readonly { loc: string; lastmod: Date }[]): string {
  const rows = urls.map((u) => `  <url><loc>${xmlEscape(u.loc)}</loc><lastmod>${u.lastmod.toISOString()}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join('\n')}${rows.length ? '\n' : ''}</urlset>\n`;
}

export type AtomFeed = {
  title: string;
  subtitle: string | null;
  /** The page the feed follows, absolute: also the feed's id. */
  pageUrl: string;
  selfUrl: string;
  author: { name: string; url: string | null };
  entries: readonly AtomEntry[];
};

export type AtomEntry = {
  file: FileDto;
  url: string;
  authorName: string;
  /** The picture (or the playable media) as an absolute URL with its type. */
  enclosure: { url: string; type: string; length: number | null } | null;
  /** A picture to show in the content (the image itself, a poster, a first page). */
  picture: string | null;
};

function entryXml(e: AtomEntry): string {
  const { file } = e;
  const content = [
    e.picture ? `<p><img src="${xmlEscape(e.picture)}" alt="${xmlEscape(file.alt)}"${file.width && file.height ? ` width="${file.width}" height="${file.height}"` : ''}></p>` : '',
    file.description ? `<p>${xmlEscape(file.description)}</p>` : '',
  ].join('');
  return [
    '  <entry>',
    `    <title>${xmlEscape(file.name)}</title>`,
    `    <link rel="alternate" type="text/html" href="${xmlEscape(e.url)}"/>`,
    e.enclosure ? `    <link rel="enclosure" type="${xmlEscape(e.enclosure.type)}" href="${xmlEscape(e.enclosure.url)}"${e.enclosure.length ? ` length="${e.enclosure.length}"` : ''}/>` : '',
    `    <id>${xmlEscape(e.url)}</id>`,
    `    <published>${file.createdAt}</published>`,
    `    <updated>${file.createdAt}</updated>`,
    `    <author><name>${xmlEscape(e.authorName)}</name></author>`,
    ...file.tags.map((tag) => `    <category term="${xmlEscape(tag)}"/>`),
    file.description ? `    <summary>${xmlEscape(file.description)}</summary>` : '',
    `    <content type="html">${xmlEscape(content)}</content>`,
    '  </entry>',
  ]
    .filter(Boolean)
    .join('\n');
}

/** An Atom 1.0 feed (RFC 4287) of public uploads, newest first. */
export function atomXml(feed: AtomFeed): string {
  const updated = feed.entries[0]?.file.createdAt ?? new Date(0).toISOString();
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${xmlEscape(feed.title)}</title>`,
    feed.subtitle ? `  <subtitle>${xmlEscape(feed.subtitle)}</subtitle>` : '',
    `  <link rel="self" type="application/atom+xml" href="${xmlEscape(feed.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlEscape(feed.pageUrl)}"/>`,
    `  <id>${xmlEscape(feed.pageUrl)}</id>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${xmlEscape(feed.author.name)}</name>${feed.author.url ? `<uri>${xmlEscape(feed.author.url)}</uri>` : ''}</author>`,
    `  <generator>${PRODUCT_NAME}</generator>`,
    ...feed.entries.map(entryXml),
    '</feed>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
