import type { Viewer } from '../../../access/visibility';
import { createKeyedCache } from '../../../lib/keyed-cache';
import { ALL, type InvalidationBus } from '../../../lib/invalidation-bus';
import type { ReadsRepo } from './reads.repo';

/** A member's private grants: ids newest first, and the same ids as a set for single-file checks. */
export type PrivateGrants = { ids: number[]; set: ReadonlySet<number> };

const NO_ONE: ReadonlySet<number> = new Set();

/** A member's own relations to others: blocks either way, and whom they muted. */
type Relations = { blocked: ReadonlySet<number>; muted: ReadonlySet<number> };

/** Members whose likes exceed this are asked per page instead of being held whole. */
const LIKES_HELD_MAX = 5_000;

/**
 * What only one member adds to the shared skeleton and cards (docs/decisions/018): the non-public
 * files they may see (their own private files and the ones their folders grant) and the files
 * they liked. Each is one indexed query on a miss and stays until that member's own state
 * changes: `grants` (their upload of a private file, a folder or collaborator change for ALL),
 * `likes` (their like or unlike), `user` (their row, e.g. the admin flag), or `feed`.
 */
export function createViewerMarks(repo: Pick<ReadsRepo, 'privateGrants' | 'likedIds' | 'likedAmong' | 'relations' | 'suspendedIds'>, bus: InvalidationBus, opts: { max?: number } = {}) {
  const max = opts.max ?? 5_000;
  const grants = createKeyedCache<number, PrivateGrants>({ max, reliable: bus.reliable });
  // null: the member liked too many files to hold; their marks are read per page.
  const likes = createKeyedCache<number, ReadonlySet<number> | null>({ max, reliable: bus.reliable });
  const forMember = (cache: { clear(): void; drop(key: number): void }) => (key: string) => (key === ALL ? cache.clear() : cache.drop(Number(key)));
  bus.subscribe('feed', () => (grants.clear(), likes.clear()));
  bus.subscribe('grants', forMember(grants));
  bus.subscribe('likes', forMember(likes));
  bus.subscribe('user', forMember(grants));
  // The members a block hides from this one (server/access/blocks.ts); both members of a block are
  // named. A suspension or its end changes everyone's (`hidden` ALL), as does `feed`.
  const blocked = createKeyedCache<number, Relations>({ max, reliable: bus.reliable });
  const suspended = createKeyedCache<'all', ReadonlySet<number>>({ max: 1, reliable: bus.reliable });
  bus.subscribe('hidden', (key) => (key === ALL ? (blocked.clear(), suspended.clear()) : blocked.drop(Number(key))));
  bus.subscribe('feed', () => (blocked.clear(), suspended.clear()));
  const relationsOf = (viewer: NonNullable<Viewer>, onMiss?: () => void) =>
    blocked.get(
      viewer.id,
      async () => {
        const r = await repo.relations(viewer.id);
        return { blocked: new Set(r.blocked), muted: new Set(r.muted) };
      },
      onMiss,
    );
  const blockedOf = async (viewer: NonNullable<Viewer>, onMiss?: () => void) => (await relationsOf(viewer, onMiss)).blocked;

  return {
    async grants(viewer: Viewer, onMiss?: () => void): Promise<PrivateGrants> {
      if (!viewer) return { ids: [], set: new Set() };
      return grants.get(
        viewer.id,
        async () => {
          const ids = await repo.privateGrants(viewer);
          return { ids, set: new Set(ids) };
        },
        onMiss,
      );
    },
    /** The members a block (either way) hides from the viewer. */
    async blocked(viewer: Viewer, onMiss?: () => void): Promise<ReadonlySet<number>> {
      return viewer ? blockedOf(viewer, onMiss) : NO_ONE;
    },
    /** The members the viewer muted: out of their feed, comment lists and bell. */
    async muted(viewer: Viewer, onMiss?: () => void): Promise<ReadonlySet<number>> {
      return viewer ? (await relationsOf(viewer, onMiss)).muted : NO_ONE;
    },
    /** Every member whose content is hidden from the viewer: blocks, and suspensions for all but admins. */
    async hidden(viewer: Viewer, onMiss?: () => void): Promise<ReadonlySet<number>> {
      const [byBlock, bySuspension] = await Promise.all([
        viewer ? blockedOf(viewer, onMiss) : NO_ONE,
        viewer?.isAdmin ? NO_ONE : suspended.get('all', async () => new Set(await repo.suspendedIds()), onMiss),
      ]);
      if (!bySuspension.size) return byBlock;
      if (!byBlock.size) return bySuspension;
      return new Set([...byBlock, ...bySuspension]);
    },
    /** Which of `ids` the viewer liked. */
    async liked(viewer: Viewer, ids: readonly number[], onMiss?: () => void): Promise<ReadonlySet<number>> {
      if (!viewer || !ids.length) return new Set();
      const held = await likes.get(
        viewer.id,
        async () => {
          const all = await repo.likedIds(viewer.id, LIKES_HELD_MAX + 1);
          return all.length > LIKES_HELD_MAX ? null : new Set(all);
        },
        onMiss,
      );
      if (held) return held;
      onMiss?.();
      return new Set(await repo.likedAmong(viewer.id, [...ids]));
    },
    stats: () => ({ grants: grants.stats(), likes: likes.stats(), blocked: blocked.stats(), suspended: suspended.stats() }),
  };
}
export type ViewerMarks = ReturnType<typeof createViewerMarks>;
