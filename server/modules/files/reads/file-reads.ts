import { commentDto, fileMessages } from '../../../../contract/files';
import { isHiddenOwner } from '../../../access/blocks';
import { canViewCached, type Viewer, type VisibleFilesOptions } from '../../../access/visibility';
import { createKeyedCache } from '../../../lib/keyed-cache';
import { ALL, TOPICS, type InvalidationBus } from '../../../lib/invalidation-bus';
import { NotFoundError } from '../../../lib/errors';
import { toCommentDto } from '../files.presenter';
import { cardPieces, createCardCache, renderCard, type Card } from './card-cache';
import { mergePage, type PagePlace } from './page-merge';
import { createPublicHead, withoutOwners } from './public-head';
import type { ReadsRepo } from './reads.repo';
import { createViewerMarks } from './viewer-marks';
import { jsonArray } from './send-json';

type Counter = { served: number; fromMemory: number };
const counter = (): Counter => ({ served: 0, fromMemory: 0 });

/**
 * The hot reads of a busy site, built from parts that each change only with what they hold
 * (docs/decisions/018): the public skeleton, a member's private grants and likes, the shared
 * file cards and comment pages. Feed pages, file details and comment pages are assembled from
 * them; nothing here is emptied by a like, a comment or a view elsewhere on the site.
 */
export function createFileReads(repo: ReadsRepo, bus: InvalidationBus, opts: { headSize?: number; listTtlMs?: number } = {}) {
  const head = createPublicHead(repo, bus, { size: opts.headSize });
  const marks = createViewerMarks(repo, bus);
  const cards = createCardCache(repo, bus);
  // A page of comments: each with its author, so a viewer's blocks leave theirs out as it is sent.
  const comments = createKeyedCache<string, { authorId: number; json: Buffer }[]>({ max: 5_000, reliable: bus.reliable });
  bus.subscribe('feed', () => comments.clear());
  bus.subscribe('comments', (key) => (key === ALL ? comments.clear() : comments.dropWhere((k) => k.startsWith(`${key}:`))));
  // Comments show their authors' names and avatars.
  bus.subscribe('owner', () => comments.clear());
  // Other orders (random, most liked…) are lists of ids per viewer and query; which files they
  // hold changes with the skeleton or grants, and their order may lag counts by `listTtlMs`.
  const lists = createKeyedCache<string, number[]>({ max: 1_000, ttlMs: opts.listTtlMs ?? 10_000, reliable: bus.reliable });
  for (const topic of ['feed', 'skeleton', 'grants'] as const) bus.subscribe(topic, () => lists.clear());
  const stats = { pages: counter(), lists: counter(), details: counter(), comments: counter() };
  // A member's feed pages as last sent, for the one who asks again while nothing changed: joining
  // and checking twenty cards and sending a new buffer cost as much as the rest of the request.
  // Any write anywhere on the site empties it, a build running across one is not kept.
  const feedPages = createKeyedCache<string, Buffer>({ max: 1_000, reliable: bus.reliable });
  for (const topic of TOPICS) bus.subscribe(topic, () => feedPages.clear());
  const pageKey = (viewer: NonNullable<Viewer>, place: PagePlace) => `${viewer.id}:${viewer.isAdmin}:${place.offset}:${place.limit}:${place.before ?? ''}`;

  /** The page of ids newest first: the public skeleton and the viewer's grants merged in memory. */
  async function feedIds(viewer: NonNullable<Viewer>, place: PagePlace, miss: () => void): Promise<number[]> {
    const [shared, grants, blocked, muted] = await Promise.all([head.get(miss), marks.grants(viewer, miss), marks.blocked(viewer, miss), marks.muted(viewer, miss)]);
    // The head already leaves suspended members out; the viewer's own blocks and mutes leave
    // their members' files out of it here, by the owners it holds (docs/decisions/028).
    const left = blocked.size || muted.size ? new Set([...blocked, ...muted]) : null;
    const publicHead = left ? withoutOwners(shared, left) : shared;
    const first = mergePage(publicHead.ids, publicHead.complete, grants.ids, place);
    if (Array.isArray(first)) return first;
    if (left) {
      // Past the head, the older public ids carry no owners: the page by the rule itself.
      miss();
      return repo.visiblePage(viewer, place);
    }
    // Past the cached head: the older public ids from the database, by keyset.
    miss();
    const last = publicHead.ids.at(-1) ?? Number.MAX_SAFE_INTEGER;
    const older = await repo.publicBefore(Math.min(last, place.before ?? last), first.more);
    const page = mergePage([...publicHead.ids, ...older], older.length < first.more, grants.ids, place);
    return Array.isArray(page) ? page : [];
  }

  /**
   * Cards in the order of `ids`, each as its JSON pieces (UTF-8 bytes) for this viewer. Each card
   * is checked against the visibility rule as it is sent, whatever list the ids came from: a
   * skeleton or list that is a moment behind can leave a card out, never show one the viewer may not see.
   */
  async function visibleCards(ids: readonly number[], viewer: Viewer, miss?: () => void, options: VisibleFilesOptions = {}): Promise<Buffer[][]> {
    const [shown, liked] = await Promise.all([cardsSeenBy(ids, viewer, miss, options), marks.liked(viewer, ids, miss)]);
    return shown.map((card) => cardPieces(card, viewer, liked.has(card.id)));
  }

  /** The cards of `ids` this viewer may see, in that order, by the cached visibility check. */
  async function cardsSeenBy(ids: readonly number[], viewer: Viewer, miss?: () => void, options: VisibleFilesOptions = {}): Promise<Card[]> {
    const [found, grants, hidden] = await Promise.all([cards.getMany(ids, miss), marks.grants(viewer, miss), marks.hidden(viewer, miss)]);
    return ids.flatMap((id) => {
      const card = found.get(id);
      return card && canViewCached(card, viewer, grants.set, options, hidden) ? [card] : [];
    });
  }

  /** The cards of `ids` as one JSON array for this viewer. */
  async function renderPage(ids: readonly number[], viewer: Viewer, miss?: () => void, options: VisibleFilesOptions = {}): Promise<Buffer> {
    return jsonArray(await visibleCards(ids, viewer, miss, options));
  }

  /** The card if this viewer may see it; the same 404 whether it does not exist or is not theirs to see. */
  async function visibleCard(id: number, viewer: Viewer, miss: () => void): Promise<Card> {
    const [card, grants, hidden] = await Promise.all([cards.get(id, miss), marks.grants(viewer, miss), marks.hidden(viewer, miss)]);
    if (!card || !canViewCached(card, viewer, grants.set, {}, hidden)) throw new NotFoundError(fileMessages.fileNotFound);
    return card;
  }

  function tally(which: Counter, missed: boolean): void {
    which.served++;
    if (!missed) which.fromMemory++;
  }

  /** Runs one read, counting whether any part of it had to wait for the database. */
  async function counted<T>(which: Counter, work: (miss: () => void) => Promise<T>): Promise<T> {
    let missed = false;
    const result = await work(() => {
      missed = true;
    });
    tally(which, missed);
    return result;
  }

  return {
    /**
     * `listFeed`: the member's home feed as JSON bytes. A page as last sent (a member reading
     * their feed again while nothing changed) comes back at once, with no promise to wait for.
     */
    feedPage(viewer: NonNullable<Viewer>, place: PagePlace): Buffer | Promise<Buffer> {
      const key = pageKey(viewer, place);
      const held = feedPages.peek(key);
      if (!held) return counted(stats.pages, (miss) => feedPages.get(key, async () => renderPage(await feedIds(viewer, place, miss), viewer, miss)));
      tally(stats.pages, false);
      return held;
    },
    /**
     * The first `count` cards of the member's feed page `place` as every viewer sees them (what
     * their pictures are), by the same ids and checks as `feedPage`: the home page preloads them.
     */
    async feedCards(viewer: NonNullable<Viewer>, place: PagePlace, count: number): Promise<Card['shared'][]> {
      const ids = await feedIds(viewer, place, () => undefined);
      return (await cardsSeenBy(ids.slice(0, count * 2), viewer)).slice(0, count).map((card) => card.shared);
    },
    /** A list in another order (the random feed), its ids cached under `key` (who asks and the whole query). */
    listPage: (key: string, viewer: Viewer, loadIds: () => Promise<number[]>, options: VisibleFilesOptions = {}) =>
      counted(stats.lists, async (miss) => renderPage(await lists.get(key, loadIds, miss), viewer, miss, options)),
    /** `getFile`: the card as JSON bytes, or 404. */
    detail: (id: number, viewer: Viewer) =>
      counted(stats.details, async (miss) => {
        const card = await visibleCard(id, viewer, miss);
        return { card, json: renderCard(card, viewer, (await marks.liked(viewer, [id], miss)).has(id)) };
      }),
    /** `listFileComments`: one page as JSON, after the same check as the detail. */
    commentsPage: (fileId: number, viewer: Viewer, page: { offset: number; limit: number }) =>
      counted(stats.comments, async (miss) => {
        await visibleCard(fileId, viewer, miss);
        const load = async () => {
          const rows = await repo.commentPage(fileId, page);
          return rows.map((r) => ({ authorId: r.comment.userId, json: Buffer.from(JSON.stringify(commentDto.encode(toCommentDto(r.comment, r.user)))) }));
        };
        const [held, hidden, muted] = await Promise.all([comments.get(`${fileId}:${page.offset}:${page.limit}`, load, miss), marks.hidden(viewer, miss), marks.muted(viewer, miss)]);
        const shown = held.filter((c) => !isHiddenOwner(c.authorId, viewer, hidden) && !muted.has(c.authorId));
        return jsonArray(shown.map((c) => [c.json]));
      }),
    /** The card of a file this viewer may see, or the 404 (neighbour lists start from it). */
    card: (id: number, viewer: Viewer) => visibleCard(id, viewer, () => undefined),
    /** Which of `ids` (in their order) this viewer may see, by the same cached check every page makes. */
    visibleIds: async (ids: readonly number[], viewer: Viewer, options: VisibleFilesOptions = {}): Promise<number[]> => (await cardsSeenBy(ids, viewer, undefined, options)).map((card) => card.id),
    /** Cards of `ids` in that order as one JSON page (bytes) for this viewer, each checked as it is sent. */
    page: (ids: readonly number[], viewer: Viewer, options: VisibleFilesOptions = {}) => renderPage(ids, viewer, undefined, options),
    /** The cards of `ids` this viewer may see, in that order, each as JSON pieces to join into a larger answer. */
    cards: (ids: readonly number[], viewer: Viewer, options: VisibleFilesOptions = {}) => visibleCards(ids, viewer, undefined, options),
    /** The members a block hides from this viewer, as the cached pages see them. */
    hidden: (viewer: Viewer) => marks.hidden(viewer),
    /** How many reads were served without a database query (the benchmark reads this). */
    stats: () => ({ ...stats, caches: { head: head.stats(), cards: cards.stats(), comments: comments.stats(), ...marks.stats() } }),
  };
}
export type FileReads = ReturnType<typeof createFileReads>;
