import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage } from '../../storage/storage';
import { NotFoundError } from '../../lib/errors';

type SendOptions = {
  key: string;
  contentType: string;
  /**
   * Either way every use revalidates (ETag → 304): a file made private must stop being served
   * at once, also from shared caches, so nothing is cached as fresh. Only a public file's
   * bytes may be kept by shared caches at all.
   */
  cache: 'public' | 'private';
  downloadName?: string;
};

/** RFC 6266 / 5987: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * as they are, but RFC 5987 does not allow them in the value.
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/** Streams a stored object with type, caching, ETag and HTTP Range (for video and audio seeking). */
export async function sendStored(storage: Storage, request: FastifyRequest, reply: FastifyReply, o: SendOptions) {
  const stat = await storage.stat(o.key);
  if (!stat) throw new NotFoundError('File not found');
  const etag = `"${stat.etag}"`;
  reply.header('etag', etag);
  reply.header('accept-ranges', 'bytes');
  reply.header('content-type', o.contentType);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', o.cache === 'public' ? 'public, no-cache' : 'private, no-cache');
  // Stored bytes are the members' content, never the app: opened directly (a PDF with
  // JavaScript actions, a document a browser renders), they run in a sandbox with no access
  // to the app's origin, cookies or API. Embedding in <img>/<video> is unaffected.
  reply.header('content-security-policy', 'sandbox');
  if (o.downloadName) reply.header('content-disposition', contentDisposition('attachment', o.downloadName));
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();

  const range = parseRange(request.headers.range, stat.size);
  if (range === 'invalid') {
    reply.header('content-range', `bytes */${stat.size}`);
    // The body is the JSON error, not the object: a media type here makes Fastify refuse it (500).
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.status(416).send({ message: 'Range not satisfiable' });
  }
  if (range) {
    reply.header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`);
    reply.header('content-length', range.end - range.start + 1);
    return reply.status(206).send(await storage.get(o.key, range));
  }
  reply.header('content-length', stat.size);
  return reply.send(await storage.get(o.key));
}
