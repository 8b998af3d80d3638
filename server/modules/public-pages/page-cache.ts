import zlib from 'node:zlib';
import { createKeyedCache } from '../../lib/keyed-cache';
import { ALL, type InvalidationBus } from '../../lib/invalidation-bus';

/** What a cached answer shows, so a write can find the answers it made stale. */
export type PageDeps = {
  /**
   * `file` pages change with their comments and the files they show; `list`s (folders, profiles,
   * feeds) also with which files are public; `crawler` answers (sitemaps) with any of that and any
   * member's choices.
   */
  kind: 'file' | 'list' | 'crawler';
  files: Iterable<number>;
  /** Members whose names, avatars, counts or choices (indexing, profile shown) the answer shows. */
  members: Iterable<number>;
};

/** An answer as sent: the body in each encoding, made once when it was cached. */
export type CachedAnswer = {
  status: number;
  type: string;
  headers: Record<string, string>;
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
};

type Entry = { answer: CachedAnswer; kind: PageDeps['kind']; files: Set<number>; members: Set<number> };

export function compressAnswer(status: number, type: string, headers: Record<string, string>, body: string): CachedAnswer {
  const plain = Buffer.from(body);
  return {
    status,
    type,
    headers,
    plain,
    br: zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: zlib.gzipSync(plain, { level: 6 }),
  };
}

/**
 * Visitors' pages, feeds and sitemaps as sent, by URL (docs/decisions/031): served to every
 * visitor from memory, dropped by what the read caches of docs/decisions/018 are dropped by.
 * - `file` id: answers showing that file (a like, a comment count, an edit, a visibility change);
 * - `comments` id: that file's page; `owner`/`user` id: answers showing that member;
 * - `skeleton` (which files are public) and `grants` (folders and their files): every list;
 *   a visibility change (`skeleton` ALL) every answer, since a file page shows its neighbours;
 * - `feed`: everything. Likes, views and embeddings of others leave pages alone; "More like
 *   this" may lag a new upload by `ttlMs`.
 */
export function createPageCache(bus: InvalidationBus, opts: { max?: number; ttlMs?: number } = {}) {
  const cache = createKeyedCache<string, Entry>({ max: opts.max ?? 5_000, ttlMs: opts.ttlMs ?? 5 * 60_000, reliable: bus.reliable });
  const dropWhere = (test: (entry: Entry) => boolean) => cache.dropWhere((_key, entry) => !entry || test(entry));
  const byKey = (key: string, test: (entry: Entry, id: number) => boolean) => (key === ALL ? cache.clear() : dropWhere((entry) => test(entry, Number(key))));

  bus.subscribe('feed', () => cache.clear());
  bus.subscribe('file', (key) => byKey(key, (entry, id) => entry.files.has(id)));
  bus.subscribe('comments', (key) => byKey(key, (entry, id) => entry.kind !== 'list' && entry.files.has(id)));
  // Sitemaps list members by their choices (indexing, profile shown): any member's change.
  const showsMember = (entry: Entry, id: number) => entry.kind === 'crawler' || entry.members.has(id);
  bus.subscribe('owner', (key) => byKey(key, showsMember));
  bus.subscribe('user', (key) => byKey(key, showsMember));
  bus.subscribe('skeleton', (key) => (key.startsWith('+') ? dropWhere((entry) => entry.kind !== 'file') : cache.clear()));
  bus.subscribe('grants', () => dropWhere((entry) => entry.kind !== 'file'));

  return {
    /** The cached answer for `key`, or the one `load` makes (cached unless a write dropped it meanwhile). */
    async get(key: string, load: () => Promise<{ answer: CachedAnswer; deps: PageDeps }>, onMiss?: () => void): Promise<CachedAnswer> {
      const entry = await cache.get(
        key,
        async () => {
          const { answer, deps } = await load();
          return { answer, kind: deps.kind, files: new Set(deps.files), members: new Set(deps.members) };
        },
        onMiss,
      );
      return entry.answer;
    },
    clear: () => cache.clear(),
    stats: cache.stats,
  };
}
export type PageCache = ReturnType<typeof createPageCache>;
