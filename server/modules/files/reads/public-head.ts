import { createKeyedCache } from '../../../lib/keyed-cache';
import type { InvalidationBus } from '../../../lib/invalidation-bus';
import type { ReadsRepo } from './reads.repo';

/** The newest public ids, newest first; `complete` when no older public file exists. */
export type PublicHead = { ids: number[]; complete: boolean };

/**
 * The skeleton every member's feed shares (docs/decisions/018): the newest public file ids,
 * one copy per process, reloaded in one index-only query after any change of which files are
 * public (`skeleton`: an upload, a delete, a file made public or private) or of everything
 * (`feed`). Likes, comments, views and tag edits leave it alone. Pages past it are read from
 * the database by keyset.
 */
export function createPublicHead(repo: Pick<ReadsRepo, 'publicHead'>, bus: InvalidationBus, opts: { size?: number } = {}) {
  const size = opts.size ?? 5_000;
  const head = createKeyedCache<'head', PublicHead>({ max: 1, reliable: bus.reliable });
  bus.subscribe('feed', () => head.clear());
  bus.subscribe('skeleton', () => head.clear());

  return {
    size,
    get: (onMiss?: () => void) =>
      head.get(
        'head',
        async () => {
          const ids = await repo.publicHead(size + 1);
          return { ids: ids.slice(0, size), complete: ids.length <= size };
        },
        onMiss,
      ),
    stats: head.stats,
  };
}
export type PublicHeadCache = ReturnType<typeof createPublicHead>;
