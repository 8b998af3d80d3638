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
      setHeaders(res, file) {
        // Vite names built assets by content hash, so they never change under one URL.
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasClient && (request.method === 'GET' || request.method === 'HEAD') && isScreenRequest(request.url, request.headers.accept)) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(index));
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}

const NOT_SCREENS = ['/api/', '/uploads/', '/assets/'];

function isScreenRequest(url: string, accept: string | undefined): boolean {
  const pathname = url.split('?', 1)[0];
  if (pathname === '/api' || NOT_SCREENS.some((prefix) => pathname.startsWith(prefix))) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.') || (accept ?? '').includes('text/html');
}
