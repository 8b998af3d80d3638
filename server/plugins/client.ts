import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built React app; any other GET that wants HTML gets index.html so the client
 * router can answer (its own not-found page included). API misses stay JSON 404s.
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
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/uploads/');
    if (hasClient && !isApi && request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(index));
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}
