import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built React app. A GET for a screen path (`/`, `/auth`, `/file/12`, any path whose
 * last segment has no file extension) or one that asks for HTML gets index.html, whatever its
 * Accept header says, so the client router answers (its own not-found page included); curl,
 * link previews and crawlers get the app too. API and upload misses stay JSON 404s, and so
 * does a missing asset, so a stale script URL is not answered with HTML.
 */
export async function registerClient(app: FastifyInstance, clientDir: string): Promise<void> {
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
  // index.html's own compressed copies, when the build made them (small pages may have none).
  const indexEncodings = ENCODINGS.filter((e) => hasClient && fs.existsSync(`${index}${e.suffix}`));
  const indexEncoding = (accept: string | undefined) => indexEncodings.find((e) => acceptsEncoding(accept, e.name));
  app.setNotFoundHandler((request, reply) => {
    if (hasClient && (request.method === 'GET' || request.method === 'HEAD') && isScreenRequest(request.url, request.headers.accept)) {
      const encoding = indexEncoding(request.headers['accept-encoding']);
      reply.type('text/html').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding.name);
      return reply.send(fs.createReadStream(encoding ? `${index}${encoding.suffix}` : index));
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}

const ENCODINGS = [{ name: 'br', suffix: '.br' }, { name: 'gzip', suffix: '.gz' }];

/** True when Accept-Encoding lists `name` (or `*`) without `q=0`. */
export function acceptsEncoding(header: string | undefined, name: string): boolean {
  return (header ?? '').toLowerCase().split(',').some((part) => {
    const [token, ...params] = part.trim().split(';').map((p) => p.trim());
    if (token !== name && token !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

const NOT_SCREENS = ['/api/', '/uploads/', '/assets/'];

function isScreenRequest(url: string, accept: string | undefined): boolean {
  const pathname = url.split('?', 1)[0];
  if (pathname === '/api' || NOT_SCREENS.some((prefix) => pathname.startsWith(prefix))) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.') || (accept ?? '').includes('text/html');
}
