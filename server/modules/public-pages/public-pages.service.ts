import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { feeds, screens } from '../../../contract/screens';
import { crawlerPaths, parseSitemapPageName, publicPageMessages, sitemapKinds, sitemapPageName, SITEMAP_MAX_URLS } from '../../../contract/public-pages';
import { buildPath } from '../../../contract/endpoint-path';
import { endpoints } from '../../../contract/api';
import { profileDisplayName } from '@/features/profiles/profile-name';
import { canViewProfile } from '../../access/profile-access';
import { NotFoundError } from '../../lib/errors';
import type { InvalidationBus } from '../../lib/invalidation-bus';
import type { UsersRepo } from '../users/users.repo';
import type { FoldersRepo } from '../folders/folders.repo';
import { allowsIndexing } from '../users/preferences';
import { atomXml, robotsTxt, sitemapIndexXml, urlSetXml, type AtomEntry } from './crawler-documents';
import { compressAnswer, createPageCache, type CachedAnswer, type PageDeps } from './page-cache';
import { FEED_ENTRIES, NEUTRAL_IMAGE, type Loaded, type PageModels } from './page-models';
import type { PublicPagesRepo } from './public-pages.repo';
import { FolderView, ProfileView } from './views/collection-views';
import { FileView } from './views/file-view';
import type { HeadTags } from './views/head-tags';
import { NotFoundView } from './views/not-found-view';
import { VisitorDocument, type DocumentProps, type PageAssets } from './views/visitor-document';
import type { FileDto } from '../../../contract/files';

type Deps = {
  models: PageModels;
  pages: PublicPagesRepo;
  users: Pick<UsersRepo, 'findById'>;
  folders: Pick<FoldersRepo, 'findVisible'>;
  bus: InvalidationBus;
  /** PUBLIC_URL, read when asked: tests and the bench set it once they listen. */
  publicUrl: () => string;
  assets: PageAssets;
  /** Links per sitemap page (the protocol's 50 000; tests lower it to see paging). */
  sitemapPageSize?: number;
};

const HTML = 'text/html; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const ATOM = 'application/atom+xml; charset=utf-8';

function robotsHeaderFor(indexable: boolean): Record<string, string> {
  return indexable ? {} : { 'x-robots-tag': 'noindex' };
}

function html(element: ReactElement): string {
  return `<!doctype html>${renderToStaticMarkup(element)}`;
}

/**
 * Visitors' pages, and what crawlers and feed readers read (docs/decisions/031): `/file/{id}`,
 * `/folder/{id}` and `/profile/{id}` rendered on the server with their previews' tags, the Atom
 * feeds, the sitemaps and robots.txt. Each answer is cached as sent (page-cache.ts), so 200
 * visitors of one page cost one render; anything not public is the one not-found page.
 */
export function createPublicPagesService(d: Deps) {
  const cache = createPageCache(d.bus);
  const pageSize = d.sitemapPageSize ?? SITEMAP_MAX_URLS;
  let origin = '';
  /** The absolute URL of a path under PUBLIC_URL; the cache empties if PUBLIC_URL changed. */
  function absolute(path: string): string {
    return new URL(path, d.publicUrl()).href;
  }
  function cached(key: string, load: () => Promise<{ answer: CachedAnswer; deps: PageDeps }>, onMiss?: () => void): Promise<CachedAnswer> {
    const now = new URL(d.publicUrl()).origin;
    if (now !== origin) {
      cache.clear();
      origin = now;
    }
    return cache.get(key, load, onMiss);
  }

  function headTags(loaded: Loaded<unknown>, path: string, ogType: HeadTags['ogType'], extra: Partial<HeadTags> = {}): HeadTags {
    const image = loaded.image ?? NEUTRAL_IMAGE;
    return {
      title: loaded.title,
      description: loaded.description,
      url: absolute(path),
      indexable: loaded.indexable,
      ogType,
      image: { url: absolute(image.path), width: image.width, height: image.height, type: image.type, alt: loaded.image ? loaded.title : 'Kaleido' },
      oembed: absolute(`${endpoints.getOEmbed.path}?url=${encodeURIComponent(absolute(path))}&format=json`),
      ...extra,
    };
  }

  function page(kind: PageDeps['kind'], loaded: Loaded<unknown>, props: Omit<DocumentProps, 'assets'>): { answer: CachedAnswer; deps: PageDeps } {
    return {
      answer: compressAnswer(200, HTML, robotsHeaderFor(loaded.indexable), html(VisitorDocument({ ...props, assets: d.assets }))),
      deps: { kind, files: loaded.files, members: loaded.members },
    };
  }

  /** The not-found page, rendered once per path shape: the same for missing and not public. */
  function notFound(path: string): CachedAnswer {
    const body = html(VisitorDocument({ assets: d.assets, path, head: { title: publicPageMessages.notFoundTitle }, children: NotFoundView({ path }) }));
    return compressAnswer(404, HTML, { 'x-robots-tag': 'noindex' }, body);
  }

  async function orNotFound(path: string, work: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof NotFoundError) return notFound(path);
      throw error;
    }
  }

  function feedEntry(file: FileDto): AtomEntry {
    const picture = file.kind === 'image' ? file.filePath : file.posterPath;
    const media = file.kind === 'video' || file.kind === 'audio' ? file.playbackUrl : file.kind === 'image' ? file.filePath : file.contentUrl;
    const mediaType = file.kind === 'image' ? (file.filePath.endsWith('.webp') ? 'image/webp' : file.fileType) : file.playbackUrl?.endsWith('.mp4') ? (file.kind === 'audio' ? 'audio/mp4' : 'video/mp4') : file.fileType;
    return {
      file,
      url: absolute(screens.file(file.id)),
      authorName: profileDisplayName(file.user),
      enclosure: media ? { url: absolute(media), type: mediaType, length: media === file.contentUrl ? file.fileSize : null } : null,
      picture: picture ? absolute(picture) : null,
    };
  }

  function atom(loaded: { title: string; subtitle: string | null; pagePath: string; feedPath: string; author: { name: string; path: string | null }; files: FileDto[]; indexable: boolean; members: number[] }) {
    const body = atomXml({
      title: loaded.title,
      subtitle: loaded.subtitle,
      pageUrl: absolute(loaded.pagePath),
      selfUrl: absolute(loaded.feedPath),
      author: { name: loaded.author.name, url: loaded.author.path ? absolute(loaded.author.path) : null },
      entries: loaded.files.map(feedEntry),
    });
    return {
      answer: compressAnswer(200, ATOM, robotsHeaderFor(loaded.indexable), body),
      deps: { kind: 'list' as const, files: loaded.files.map((f) => f.id), members: [...loaded.members, ...loaded.files.map((f) => f.userId)] },
    };
  }

  /** A folder's or a profile's page: its grid page, its head with the Atom link. */
  function listPage<Model>(kind: 'folder' | 'profile', id: number, pageNumber: number, ogType: HeadTags['ogType'], load: (url: string) => Promise<Loaded<Model>>, view: (model: Model) => ReactElement) {
    const path = screens[kind](id);
    return orNotFound(path, () =>
      cached(`${kind}:${id}:${pageNumber}`, async () => {
        const loaded = await load(absolute(path));
        const feed = { url: absolute(feeds[kind](id)), title: publicPageMessages.feedTitle(loaded.title) };
        const head = headTags(loaded, pageNumber > 1 ? `${path}?page=${pageNumber}` : path, ogType, { feed });
        return page('list', loaded, { path, head, children: view(loaded.model) });
      }),
    );
  }

  return {
    filePage: (id: number, onMiss?: () => void) => {
      const path = screens.file(id);
      return orNotFound(path, () =>
        cached(`file:${id}`, async () => {
          const loaded = await d.models.file(id, absolute(path));
          const { file } = loaded.model;
          const playable = file.kind === 'video' && file.playbackUrl && !file.isNsfw;
          const head = headTags(loaded, path, playable ? 'video.other' : 'article', {
            video: playable ? { url: absolute(file.playbackUrl!), type: file.playbackUrl!.endsWith('.mp4') ? 'video/mp4' : file.fileType, width: file.width, height: file.height } : undefined,
          });
          // React preloads the picture itself (an <img fetchpriority="high"> in the head's first links).
          return page('file', loaded, { path, head, children: FileView({ model: loaded.model }) });
        }, onMiss),
      );
    },

    folderPage: (id: number, pageNumber: number) =>
      listPage('folder', id, pageNumber, 'website', (url) => d.models.folder(id, pageNumber, url), (model) => FolderView({ model })),

    profilePage: (id: number, pageNumber: number) =>
      listPage('profile', id, pageNumber, 'profile', (url) => d.models.profile(id, pageNumber, url), (model) => ProfileView({ model })),

    /** A member's public uploads as Atom; 404 when their profile is not open to visitors. */
    profileFeed: (id: number) =>
      cached(`feed:profile:${id}`, async () => {
        const row = await d.users.findById(id);
        if (!row || !canViewProfile(row, null)) throw new NotFoundError();
        const name = profileDisplayName(row);
        const files = await d.models.feedFiles(await d.pages.ownerFileIds(id, { offset: 0, limit: FEED_ENTRIES }));
        return atom({ title: publicPageMessages.feedTitle(name), subtitle: row.bio, pagePath: screens.profile(id), feedPath: feeds.profile(id), author: { name, path: screens.profile(id) }, files, indexable: allowsIndexing(row.preferences), members: [id] });
      }),

    /** A public folder's files as Atom. */
    folderFeed: (id: number) =>
      cached(`feed:folder:${id}`, async () => {
        const folder = await d.folders.findVisible(id, null);
        if (!folder) throw new NotFoundError();
        const files = await d.models.feedFiles(await d.pages.folderFileIds(id, { offset: 0, limit: FEED_ENTRIES }));
        const ownerName = profileDisplayName(folder.owner);
        return atom({ title: publicPageMessages.feedTitle(folder.name), subtitle: folder.description, pagePath: screens.folder(id), feedPath: feeds.folder(id), author: { name: ownerName, path: canViewProfile(folder.owner, null) ? screens.profile(folder.userId) : null }, files, indexable: allowsIndexing(folder.owner.preferences), members: [folder.userId] });
      }),

    robots: () => compressAnswer(200, 'text/plain; charset=utf-8', {}, robotsTxt(absolute)),

    /** The index of every sitemap page that holds a link. */
    sitemapIndex: () =>
      cached('sitemap', async () => {
        const pages = await Promise.all(sitemapKinds.map(async (kind) => (await d.pages.sitemapPages(kind, pageSize)).map((p) => ({ loc: absolute(buildPath(crawlerPaths.sitemapPage, { name: sitemapPageName(kind, p.page) })), lastmod: p.lastmod }))));
        return { answer: compressAnswer(200, XML, {}, sitemapIndexXml(pages.flat())), deps: { kind: 'crawler', files: [], members: [] } };
      }),

    /** One sitemap page: `files-3.xml`. */
    sitemapPage: (name: string) => {
      const parsed = parseSitemapPageName(name);
      if (!parsed) throw new NotFoundError();
      return cached(`sitemap:${name}`, async () => {
        const rows = await d.pages.sitemapRows(parsed.kind, parsed.page, pageSize);
        if (!rows.length) throw new NotFoundError();
        const link = { files: screens.file, folders: screens.folder, profiles: screens.profile }[parsed.kind];
        return { answer: compressAnswer(200, XML, {}, urlSetXml(rows.map((r) => ({ loc: absolute(link(r.id)), lastmod: r.lastmod })))), deps: { kind: 'crawler', files: [], members: [] } };
      });
    },

    /** The not-found page for a path that is not public (or not there). */
    notFoundPage: notFound,
    /** Absolute URLs under PUBLIC_URL, and its origin: what `getOEmbed` answers with and accepts. */
    absolute,
    origin: () => new URL(d.publicUrl()).origin,
    stats: cache.stats,
  };
}
export type PublicPagesService = ReturnType<typeof createPublicPagesService>;
