import type { FastifyReply } from 'fastify';
import type { ZodType } from 'zod';
import type { InvalidationBus } from '../../lib/invalidation-bus';

type Entry = { body: string; until: number };

/**
 * Feed pages as the viewer receives them (ids, hydrated rows and that viewer's likes, already
 * serialized), keyed by viewer and query. Any write to files, likes, comments, views or a
 * member's row publishes `feed` on the bus and empties the cache before the write answers: an
 * upload, a like, a deletion, a tag edit or a file made private is seen at once by everyone,
 * with no per-rule bookkeeping to get wrong. The version guards against a page loaded before
 * a write and stored after it. With REDIS_URL the bus reaches every app process; while Redis is
 * unreachable (`bus.reliable()` false) every page is loaded afresh and nothing is kept.
 */
export function createFeedCache(bus: InvalidationBus, opts: { ttlMs?: number; max?: number } = {}) {
  const ttlMs = opts.ttlMs ?? 10_000;
  const max = opts.max ?? 1_000;
  const pages = new Map<string, Entry>();
  let version = 0;
  bus.subscribe('feed', () => {
    version += 1;
    pages.clear();
  });

  return {
    /**
     * Sends the cached page for `parts` (who asks and the whole parsed query, so a query field
     * added later cannot make two queries share a page), or loads, checks against the
     * contract, caches and sends it.
     */
    async send(reply: FastifyReply, parts: unknown[], schema: ZodType, load: () => Promise<unknown>): Promise<FastifyReply> {
      const key = JSON.stringify(parts);
      const now = Date.now();
      const reliable = bus.reliable();
      let body = reliable ? pages.get(key) : undefined;
      if (!body || body.until <= now) {
        const at = version;
        // The same check fastify's zod serializer makes, done once per page instead of per request.
        const text = JSON.stringify(schema.encode(await load()));
        body = { body: text, until: now + ttlMs };
        if (reliable && at === version) {
          if (pages.size >= max) pages.delete(pages.keys().next().value!);
          pages.set(key, body);
        }
      }
      // A string with a JSON content type goes out as is: no second serialization.
      return reply.type('application/json; charset=utf-8').send(body.body);
    },
  };
}
export type FeedCache = ReturnType<typeof createFeedCache>;
