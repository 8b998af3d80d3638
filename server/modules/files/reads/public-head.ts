import { createKeyedCache } from '../../../lib/keyed-cache';
import type { InvalidationBus } from '../../../lib/invalidation-bus';
import type { ReadsRepo } from './reads.repo';

/** The newest public ids, newest first; `complete` when no older public file exists. */
export type PublicHead = { ids: number[]; complete: boolean };

/** The `skeleton` key of a public file just uploaded: laid into the head, no reload. */
export function addedKey(id: number): string {
  return `+${id}`;
}

/**
 * The skeleton every member's feed shares (docs/decisions/018): the newest public file ids,
 * one copy per process. A public upload (`skeleton` `+id`, the most frequent change) is laid
 * into it in place; any other change of which files are public (a delete, a file made private
 * or public: `skeleton` ALL) or of everything (`feed`) reloads it in one index-only query.
 * Likes, comments, views and tag edits leave it alone. Pages past it are read by keyset.
 *
 * Messages from several processes may arrive out of order (an upload's `+id` after a later
 * delete's reload), so the head can hold an id that is no longer public: every page checks each
 * card against the visibility rule as it is sent (file-reads.ts), so a stale id can only leave a
 * page one card short, never show a file to someone who may not see it.
 */
export function createPublicHead(repo: Pick<ReadsRepo, 'publicHead'>, bus: InvalidationBus, opts: { size?: number } = {}) {
  const size = opts.size ?? 1_000;
  const head = createKeyedCache<'head', PublicHead>({ max: 1, reliable: bus.reliable });
  bus.subscribe('feed', () => head.clear());
  bus.subscribe('skeleton', (key) => {
    const id = key.startsWith('+') ? Number(key.slice(1)) : NaN;
    if (!Number.isSafeInteger(id)) return head.clear();
    head.update('head', (h) => (h.ids.includes(id) ? h : withId(h, id, size)));
  });

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

/** The head with `id` in its place (newest first), still at most `size` ids long. */
function withId(head: PublicHead, id: number, size: number): PublicHead {
  const ids = [...head.ids];
  const at = ids.findIndex((other) => other < id);
  if (at === -1) {
    // Older than every id held: it belongs in the head only if the head holds every public id.
    if (!head.complete) return head;
    ids.push(id);
  } else ids.splice(at, 0, id);
  const complete = head.complete && ids.length <= size;
  return { ids: ids.slice(0, size), complete };
}
