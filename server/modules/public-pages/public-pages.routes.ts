import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { publicPageEndpoints } from '../../../contract/api/public-pages';
import { ID_MAX } from '../../../contract/common';
import { crawlerPaths } from '../../../contract/public-pages';
import { feedPaths, screenPaths } from '../../../contract/screens';
import { AppError, NotFoundError } from '../../lib/errors';
import type { HandlersFor } from '../../plugins/endpoints';
import { acceptsEncoding } from '../../plugins/client';
import type { FileReads } from '../files/reads/file-reads';
import { oembedFor } from './oembed';
import type { PageModels } from './page-models';
import type { CachedAnswer } from './page-cache';
import type { PublicPagesService } from './public-pages.service';
import type { ShareImages } from './share-image';

type Deps = { pages: PublicPagesService; models: PageModels; reads: FileReads; shareImages: ShareImages };

/** Pages and documents, not calls of the API: left out of its OpenAPI document. */
const NOT_API = { schema: { hide: true } };

/** A path's id when it is one (1 … int4 max), else null: the page answers the not-found page. */
function idOf(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= ID_MAX ? Number(raw) : null;
}

/** `?page=N` of a visitor's grid: 1 … 10 000, anything else the first page. */
function pageOf(request: FastifyRequest): number {
  const raw = (request.query as Record<string, unknown>).page;
  const n = typeof raw === 'string' && /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 1;
  return Math.min(n, 10_000);
}

/** Sends a cached answer in the encoding the client takes best (brotli, gzip, or none). */
function send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  const accepted = request.headers['accept-encoding'];
  const encoding = acceptsEncoding(accepted, 'br') ? 'br' : acceptsEncoding(accepted, 'gzip') ? 'gzip' : null;
  reply.status(answer.status).type(answer.type).headers(answer.headers).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? answer[encoding] : answer.plain);
}

/**
 * The server's answers beside the client's screens (docs/decisions/031): a visitor opening
 * `/file/{id}`, `/folder/{id}` or `/profile/{id}` gets the page rendered here; a signed-in member
 * gets the app as before (the not-found handler of plugins/client.ts serves it). Feeds, sitemaps
 * and robots.txt answer everyone alike.
 */
export function registerPublicPages(app: FastifyInstance, d: Deps): void {
  // Members get the app at the same URLs (from the not-found handler, which sets its own Vary):
  // both answers name the cookie, so a shared cache never gives one the other's page.
  const screenRequests = new WeakSet<FastifyRequest>();
  app.addHook('onSend', (request, reply, payload, done) => {
    if (screenRequests.has(request)) reply.header('vary', 'accept-encoding, cookie');
    done(null, payload);
  });
  const screen = (path: string, render: (id: number, request: FastifyRequest) => Promise<CachedAnswer>, notFound: (path: string) => Promise<CachedAnswer>) => {
    app.get(path, NOT_API, async (request, reply) => {
      screenRequests.add(request);
      if (request.user) return reply.callNotFound();
      const id = idOf((request.params as { id: string }).id);
      const answer = id === null ? await notFound(request.url.split('?', 1)[0]) : await render(id, request);
      return send(request, reply, answer);
    });
  };
  const missing = async (path: string) => d.pages.notFoundPage(path);
  screen(screenPaths.file, (id) => d.pages.filePage(id), missing);
  screen(screenPaths.folder, (id, request) => d.pages.folderPage(id, pageOf(request)), missing);
  screen(screenPaths.profile, (id, request) => d.pages.profilePage(id, pageOf(request)), missing);

  const document = (path: string, load: (request: FastifyRequest) => Promise<CachedAnswer>) => {
    app.get(path, NOT_API, async (request, reply) => send(request, reply, await load(request)));
  };
  const feedId = (request: FastifyRequest) => {
    const id = idOf((request.params as { id: string }).id);
    if (id === null) throw new NotFoundError();
    return id;
  };
  document(feedPaths.profile, (request) => d.pages.profileFeed(feedId(request)));
  document(feedPaths.folder, (request) => d.pages.folderFeed(feedId(request)));
  document(crawlerPaths.robots, async () => d.pages.robots());
  document(crawlerPaths.sitemap, () => d.pages.sitemapIndex());
  document(crawlerPaths.sitemapPage, (request) => d.pages.sitemapPage((request.params as { name: string }).name));
}

/** oEmbed and the share card, in the endpoint table. */
export function publicPageHandlers(d: Deps): HandlersFor<typeof publicPageEndpoints> {
  return {
    getOEmbed: async (request) => {
      // oEmbed 2.3: a provider that cannot give the format asked for answers 501.
      if (request.query.format !== 'json') throw new AppError(501, 'Only format=json is available');
      return oembedFor(request.query, d.models, d.pages.absolute, d.pages.origin());
    },

    getFileShareImage: async (request, reply) => {
      const card = await d.reads.card(request.params.id, null);
      if (card.isNsfw) throw new NotFoundError();
      const image = await d.shareImages.get({ ...card.shared, isLiked: false, canEdit: false, canDelete: false });
      if (!image) throw new NotFoundError();
      // Revalidated at every use, as every public file's bytes are (send-stored.ts): a file made private stops at once.
      return reply.type('image/jpeg').header('cache-control', 'public, no-cache').send(image);
    },
  };
}
