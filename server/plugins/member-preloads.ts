import fs from 'node:fs';
import path from 'node:path';
import { endpoints } from '../../contract/api';
import { buildPath } from '../../contract/endpoint-path';
import { PAGE_SIZE } from '../../contract/limits';
import { CARD_SIZES, cardPicture, type PictureFields } from '../../contract/card-picture';
import type { UserRow } from '../modules/users/users.repo';

/** One entry of Vite's build manifest (`build.manifest`), keyed by source path. */
type ManifestChunk = { file: string; name?: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * The lazy chunk a signed-in member's home screen paints with: the home and the upload queue
 * every member screen sits in, built as one chunk of that name (client/member-chunks.ts). A
 * build without it is an error, not a preload silently skipped.
 */
const MEMBER_HOME_CHUNK = 'member-home';
/** The feed's first page as the home asks for it: `call('listFeed', { query: { offset: 0, limit: PAGE_SIZE } })`. */
const FEED_FIRST_PAGE = `${buildPath(endpoints.listFeed.path, {})}?offset=0&limit=${PAGE_SIZE}`;
/** The calls the home screen makes first, exactly as the client makes them (same URL, credentials included). */
const MEMBER_HOME_CALLS = [endpoints.getCurrentUser.path, FEED_FIRST_PAGE];

function readManifest(clientDir: string): Manifest | null {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The CSS of the chunks `keys` import statically, transitively. */
function closure(manifest: Manifest, keys: string[]): { css: Set<string> } {
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return { css };
}

/**
 * index.html for a request that carries a session cookie on `/`: the same page plus `preload`
 * links for the home screen's first two calls and its lazy chunks' CSS, so the browser fetches
 * them while the entry script starts instead of after the session check has answered
 * (docs/decisions/023). Not its JavaScript: `modulepreload` for the home chunks made the first
 * paint a second later on slow 4G (they compete with the entry script) and the largest paint
 * no sooner, measured with Lighthouse. Null without a manifest.
 */
export function memberHomeHtml(clientDir: string, html: string): string | null {
  const manifest = readManifest(clientDir);
  if (!manifest) return null;
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const already = entry ? closure(manifest, [Object.keys(manifest).find((k) => manifest[k] === entry)!]) : { css: new Set<string>() };
  const home = Object.keys(manifest).filter((k) => manifest[k].name === MEMBER_HOME_CHUNK && manifest[k].file.endsWith('.js'));
  if (home.length !== 1) throw new Error(`The client build has ${home.length} chunks named ${MEMBER_HOME_CHUNK} (client/member-chunks.ts)`);
  const wanted = closure(manifest, home);
  const links = [
    ...MEMBER_HOME_CALLS.map((url) => `<link rel="preload" as="fetch" href="${url}" crossorigin="use-credentials">`),
    ...[...wanted.css].filter((f) => !already.css.has(f)).map((f) => `<link rel="preload" as="style" href="/${f}">`),
  ];
  if (!html.includes('</head>')) return null;
  return withLinks(html, links);
}

/** How many of the feed's first pictures the page asks for: a phone's first two rows, the first two columns elsewhere. */
export const PRELOADED_PICTURES = 2;

const attr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * `preload` links for the first cards' pictures, by the same `src`, `srcset` and `sizes` as
 * their `<img>` (contract/card-picture.ts), so the browser asks for them with the page instead
 * of after the scripts have run and the feed has answered: on a phone the largest paint is one
 * of them (docs/decisions/023).
 */
export function pictureLinks(files: readonly PictureFields[]): string[] {
  return files.flatMap((file) => {
    const picture = cardPicture(file);
    if (!picture) return [];
    const set = picture.srcSet ? ` imagesrcset="${attr(picture.srcSet)}" imagesizes="${CARD_SIZES}"` : '';
    return [`<link rel="preload" as="image" href="${attr(picture.src)}"${set} fetchpriority="high">`];
  });
}

/** The member's home page with `links` added at the end of its head. */
export function withLinks(html: string, links: readonly string[]): string {
  return links.length ? html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : html;
}

/** The first cards of a member's feed, as the home will show them. */
export type FeedPictures = (user: UserRow) => Promise<PictureFields[]>;
