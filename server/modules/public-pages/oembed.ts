import type { FileDto } from '../../../contract/files';
import { PRODUCT_NAME } from '../../../contract/page-titles';
import type { OEmbedQuery, OEmbedResponse } from '../../../contract/public-pages';
import { screenPaths, screens } from '../../../contract/screens';
import { profileDisplayName } from '@/features/profiles/profile-name';
import { NotFoundError } from '../../lib/errors';
import type { Loaded, PageModels } from './page-models';
import type { ShareImage } from './share-image';

/** How long a consumer may keep an answer (oEmbed's `cache_age`, seconds): a file made private stops answering at once anyway. */
const CACHE_AGE = 3600;

/** The page a URL points at, when it is one of ours: `/file/12`, `/folder/3`, `/profile/7`. */
export function publicPageOf(url: string, origin: string): { kind: 'file' | 'folder' | 'profile'; id: number } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  for (const kind of ['file', 'folder', 'profile'] as const) {
    const [prefix] = screenPaths[kind].split(':');
    const rest = parsed.pathname.startsWith(prefix) ? parsed.pathname.slice(prefix.length) : null;
    if (rest && /^[1-9]\d{0,9}$/.test(rest) && Number(rest) <= 2_147_483_647) return { kind, id: Number(rest) };
  }
  return null;
}

/** Width and height scaled to fit `maxwidth` × `maxheight` (oEmbed 2.2), never enlarged. */
function fit(width: number, height: number, q: Pick<OEmbedQuery, 'maxwidth' | 'maxheight'>): { width: number; height: number } {
  const scale = Math.min(1, q.maxwidth ? q.maxwidth / width : 1, q.maxheight ? q.maxheight / height : 1);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

type Absolute = (path: string) => string;

function thumbnail(image: ShareImage | null, absolute: Absolute, q: OEmbedQuery): Partial<OEmbedResponse> {
  if (!image) return {};
  const size = fit(image.width, image.height, q);
  return { thumbnail_url: absolute(image.path), thumbnail_width: size.width, thumbnail_height: size.height };
}

function fileAnswer(loaded: Loaded<{ file: FileDto; ownerLinked: boolean }>, absolute: Absolute, q: OEmbedQuery): Partial<OEmbedResponse> {
  const { file, ownerLinked } = loaded.model;
  const author = { author_name: profileDisplayName(file.user), ...(ownerLinked ? { author_url: absolute(screens.profile(file.userId)) } : {}) };
  if (file.isNsfw) return { type: 'link', ...author };
  if (file.kind === 'image' && loaded.image) {
    const size = fit(loaded.image.width, loaded.image.height, q);
    return { type: 'photo', url: absolute(loaded.image.path), ...size, ...author, ...thumbnail(loaded.image, absolute, q) };
  }
  if (file.kind === 'video' && file.playbackUrl) {
    const size = fit(file.width ?? 640, file.height ?? 360, q);
    const poster = file.posterPath ? ` poster="${escapeAttribute(absolute(file.posterPath))}"` : '';
    const html = `<video controls preload="metadata" width="${size.width}" height="${size.height}"${poster} src="${escapeAttribute(absolute(file.playbackUrl))}"></video>`;
    return { type: 'video', html, ...size, ...author, ...thumbnail(loaded.image, absolute, q) };
  }
  return { type: 'link', ...author, ...thumbnail(loaded.image, absolute, q) };
}

/**
 * The oEmbed answer for one of our public pages (oEmbed 1.0): built from the same page models as
 * the visitor page, so the visibility module decides it; 404 for anything a visitor may not see,
 * and for URLs that are not ours.
 */
export async function oembedFor(q: OEmbedQuery, models: PageModels, absolute: Absolute, origin: string): Promise<OEmbedResponse> {
  const target = publicPageOf(q.url, origin);
  if (!target) throw new NotFoundError();
  const base = { version: '1.0' as const, provider_name: PRODUCT_NAME, provider_url: absolute(screens.home()), cache_age: CACHE_AGE };
  if (target.kind === 'file') {
    const loaded = await models.file(target.id, absolute(screens.file(target.id)));
    return { ...base, title: loaded.title, type: 'link', ...fileAnswer(loaded, absolute, q) };
  }
  if (target.kind === 'folder') {
    const loaded = await models.folder(target.id, 1, absolute(screens.folder(target.id)));
    const { owner, ownerLinked } = loaded.model;
    const author = { author_name: profileDisplayName(owner), ...(ownerLinked ? { author_url: absolute(screens.profile(owner.id)) } : {}) };
    return { ...base, type: 'link', title: loaded.title, ...author, ...thumbnail(loaded.image, absolute, q) };
  }
  const loaded = await models.profile(target.id, 1, absolute(screens.profile(target.id)));
  return { ...base, type: 'link', title: loaded.title, author_name: loaded.title, author_url: absolute(screens.profile(target.id)), ...thumbnail(loaded.image, absolute, q) };
}
