import { createKeyedCache } from '../../../lib/keyed-cache';
import type { InvalidationBus } from '../../../lib/invalidation-bus';
import type { ReadsRepo } from './reads.repo';

/**
 * The newest public ids, newest first, with each one's owner (`owners[i]` owns `ids[i]`), so a
 * member's blocks and mutes can leave files out of it without a query; `complete` when no
 * older public file exists.
 */
export type PublicHead = { ids: number[]; owners: number[]; complete: boolean };

/** The `skeleton` key of a public file just uploaded by `ownerId`: laid into the head, no reload. */
export function addedKey(id: number, ownerId: number): string {
  return `+${id}:${ownerId}`;
}

function parseAdded(key: string): { id: number; owner: number } | null {
  const [id, owner] = key.startsWith('+') ? key.slice(1).split(':').map(Number) : [NaN, NaN];
  return Number.isSafeInteger(id) && Number.isSafeInteger(owner) ? { id, owner } : null;
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
    const added = parseAdded(key);
    if (!added) return head.clear();
    head.update('head', (h) => (h.ids.includes(added.id) ? h : withId(h, added.id, added.owner, size)));
  });

  return {
    size,
    get: (onMiss?: () => void) =>
      head.get(
        'head',
        async () => {
          const rows = await repo.publicHead(size + 1);
          const held = rows.slice(0, size);
          return { ids: held.map((r) => r.id), owners: held.map((r) => r.userId), complete: rows.length <= size };
        },
        onMiss,
      ),
    stats: head.stats,
  };
}
export type PublicHeadCache = ReturnType<typeof createPublicHead>;

/** The head with `id` (owned by `owner`) in its place (newest first), still at most `size` ids long. */
function withId(head: PublicHead, id: number, owner: number, size: number): PublicHead {
  const ids = [...head.ids];
  const owners = [...head.owners];
  let at = ids.findIndex((other) => other < id);
  if (at === -1) {
    // Older than every id held: it belongs in the head only if the head holds every public id.
    if (!head.complete) return head;
    at = ids.length;
  }
  ids.splice(at, 0, id);
  owners.splice(at, 0, owner);
  const complete = head.complete && ids.length <= size;
  return { ids: ids.slice(0, size), owners: owners.slice(0, size), complete };
}

/** The head without the files of `owners` (a member's blocks and mutes); still `complete` if it was. */
export function withoutOwners(head: PublicHead, left: ReadonlySet<number>): PublicHead {
  const ids = head.ids.filter((_, i) => !left.has(head.owners[i]));
  return { ids, owners: head.owners.filter((o) => !left.has(o)), complete: head.complete };
}
