import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { screenPaths } from '../../contract/screens';
import { memberHomeHtml, pictureLinks, withLinks, type FeedPictures } from './member-preloads';
import { SESSION_COOKIE } from './session';
import { API_PREFIX } from '../../contract/endpoint-path';
import type { UserRow } from '../modules/users/users.repo';

/**
 * Serves the built React app. A GET for a screen path (`/`, `/auth`, `/file/12`, any path whose
 * last segment has no file extension) or one that asks for HTML gets index.html, whatever its
 * Accept header says, so the client router answers (its own not-found page included); curl,
 * link previews and crawlers get the app too. API and upload misses stay JSON 404s, and so
 * does a missing asset, so a stale script URL is not answered with HTML.
 */
export async function registerClient(app: FastifyInstance, clientDir: string, feedPictures?: FeedPictures): Promise<void> {
  const index = path.join(clientDir, 'index.html');
  const hasClient = fs.existsSync(index);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` beside each text asset (scripts/vite-precompress.ts):
      // sent by Accept-Encoding with `Vary: accept-encoding`, no compression per request.
      preCompressed: true,
      setHeaders(res, file) {
        // Vite names built assets by content hash, so they never change under one URL; the
        // few unhashed files (favicon, theme script) are checked again at each load.
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  const pages = hasClient ? loadPages(clientDir, index) : null;
  app.setNotFoundHandler(async (request, reply) => {
    if (pages && (request.method === 'GET' || request.method === 'HEAD') && isScreenRequest(request.url, request.headers.accept)) {
      // A member opening the home feed gets the page that preloads what it needs (member-preloads.ts).
      const home = request.url.split('?', 1)[0] === screenPaths.home;
      const member = home && pages.member && request.cookies?.[SESSION_COOKIE] ? pages.member : null;
      const page = member && request.user && feedPictures ? await withPictures(member, request, request.user, feedPictures) : (member ?? pages.visitor);
      const encoding = ENCODINGS.find((e) => page[e.name] && acceptsEncoding(request.headers['accept-encoding'], e.name));
      reply.type('text/html').header('cache-control', 'no-cache').header('vary', home ? 'accept-encoding, cookie' : 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding.name);
      return reply.send(encoding ? page[encoding.name] : page.plain);
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}

/**
 * The member's home page with their feed's first pictures preloaded, compressed for this answer
 * only (a 2 kB page: a fraction of a millisecond). The page without them if the feed cannot be read.
 */
async function withPictures(member: Page & { html: string }, request: FastifyRequest, user: UserRow, feedPictures: FeedPictures): Promise<Page> {
  const files = await feedPictures(user).catch((error: unknown) => {
    request.log.warn({ err: error }, 'the home page went without its first pictures');
    return [];
  });
  const links = pictureLinks(files);
  if (!links.length) return member;
  const accepts = request.headers['accept-encoding'];
  const html = Buffer.from(withLinks(member.html, links));
  if (acceptsEncoding(accepts, 'br')) return { plain: html, br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  if (acceptsEncoding(accepts, 'gzip')) return { plain: html, gzip: zlib.gzipSync(html) };
  return { plain: html };
}

type Page = { plain: Buffer; br?: Buffer; gzip?: Buffer };

/**
 * index.html as built, with the compressed copies the build made, and the member's home
 * variant compressed here once (a few kB: instant). Read once at start: `npm start` builds
 * before it starts the server.
 */
function loadPages(clientDir: string, index: string): { visitor: Page; member: (Page & { html: string }) | null } {
  const plain = fs.readFileSync(index);
  const read = (suffix: string) => (fs.existsSync(`${index}${suffix}`) ? fs.readFileSync(`${index}${suffix}`) : undefined);
  const memberHtml = memberHomeHtml(clientDir, plain.toString('utf8'));
  const member = memberHtml === null ? null : { html: memberHtml, plain: Buffer.from(memberHtml), br: zlib.brotliCompressSync(memberHtml), gzip: zlib.gzipSync(memberHtml, { level: 9 }) };
  return { visitor: { plain, br: read('.br'), gzip: read('.gz') }, member };
}

const ENCODINGS = [{ name: 'br' }, { name: 'gzip' }] as const;

/** True when Accept-Encoding lists `name` (or `*`) without `q=0`. */
export function acceptsEncoding(header: string | undefined, name: string): boolean {
  return (header ?? '').toLowerCase().split(',').some((part) => {
    const [token, ...params] = part.trim().split(';').map((p) => p.trim());
    if (token !== name && token !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

const NOT_SCREENS = [API_PREFIX, '/uploads/', '/assets/'];

/** A GET that the client router answers: a screen path, or any path asked for as HTML. */
export function isScreenRequest(url: string, accept: string | undefined): boolean {
  const pathname = url.split('?', 1)[0];
  if (pathname === '/api' || NOT_SCREENS.some((prefix) => pathname.startsWith(prefix))) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.') || (accept ?? '').includes('text/html');
}
