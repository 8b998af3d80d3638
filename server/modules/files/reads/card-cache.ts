import { fileDto, type FileDto } from '../../../../contract/files';
import { fileAbilities, type FileAccessFields, type Viewer } from '../../../access/visibility';
import { createKeyedCache } from '../../../lib/keyed-cache';
import { ALL, type InvalidationBus } from '../../../lib/invalidation-bus';
import { toFileDto } from '../files.presenter';
import type { ReadsRepo } from './reads.repo';

type SharedFields = Omit<FileDto, 'isLiked' | 'canEdit' | 'canDelete'>;

/**
 * One file as every viewer sees it; the viewer's own marks are laid over when it is sent.
 * `head` is its shared JSON as UTF-8 bytes without the closing brace, encoded once.
 */
export type Card = FileAccessFields & { id: number; shared: SharedFields; head: Buffer | null };

/** `id:total,id:total`: the view counts a flush wrote (view-counter.ts). */
export function encodeViewTotals(totals: Iterable<[number, number]>): string {
  return [...totals].map(([id, total]) => `${id}:${total}`).join(',');
}

function decodeViewTotals(key: string): [number, number][] {
  return key.split(',').flatMap((pair) => {
    const [id, total] = pair.split(':').map(Number);
    return Number.isInteger(id) && Number.isInteger(total) ? [[id, total] as [number, number]] : [];
  });
}

/**
 * File cards shared by every viewer, by file id (docs/decisions/018). A card changes when its
 * file does (`file`), its owner's name or avatar does (`owner`), or everything (`feed`); view
 * counts are laid over in place as flushes report them (`views`), so opening a file never
 * empties a card. Each card is checked against the contract once, when loaded.
 */
export function createCardCache(repo: Pick<ReadsRepo, 'cardRows'>, bus: InvalidationBus, opts: { max?: number } = {}) {
  const cards = createKeyedCache<number, Card>({ max: opts.max ?? 20_000, reliable: bus.reliable });
  bus.subscribe('feed', () => cards.clear());
  bus.subscribe('file', (key) => (key === ALL ? cards.clear() : cards.drop(Number(key))));
  bus.subscribe('owner', (key) => (key === ALL ? cards.clear() : cards.dropWhere((_id, card) => !card || card.userId === Number(key))));
  bus.subscribe('views', (key) => {
    if (key === ALL) return cards.clear();
    for (const [id, total] of decodeViewTotals(key)) {
      // Counts only grow (a delete drops the card), so the larger of two reports is the newer.
      cards.update(id, (card) => (total > card.shared.viewCount ? { ...card, shared: { ...card.shared, viewCount: total }, head: null } : card));
    }
  });

  async function load(ids: number[]): Promise<Map<number, Card>> {
    const rows = await repo.cardRows(ids);
    return new Map(
      rows.map(({ file, owner }) => {
        // The same check fastify's serializer makes, done once per card instead of per request.
        const { isLiked: _l, canEdit: _e, canDelete: _d, ...shared } = fileDto.encode(toFileDto(file, owner, false, null));
        return [file.id, { id: file.id, userId: file.userId, isPublic: file.isPublic, isNsfw: file.isNsfw, shared, head: null }];
      }),
    );
  }

  return {
    /** The cards of `ids` that exist (a file deleted meanwhile is left out), in one query for the missing ones. */
    getMany: (ids: readonly number[], onMiss?: () => void) => cards.getMany(ids, load, onMiss),
    async get(id: number, onMiss?: () => void): Promise<Card | null> {
      return (await cards.getMany([id], load, onMiss)).get(id) ?? null;
    },
    stats: cards.stats,
  };
}
export type CardCache = ReturnType<typeof createCardCache>;

/** The viewer's part of a card, `,"isLiked":…,"canEdit":…,"canDelete":…}`, for each of its eight values. */
const tails = Array.from({ length: 8 }, (_, i) => Buffer.from(`,"isLiked":${(i & 4) > 0},"canEdit":${(i & 2) > 0},"canDelete":${(i & 1) > 0}}`));

/**
 * The card as JSON bytes for this viewer, in two pieces to be joined with others' into one
 * answer: the shared part encoded once, then their like and abilities.
 */
export function cardPieces(card: Card, viewer: Viewer, isLiked: boolean): [Buffer, Buffer] {
  card.head ??= Buffer.from(JSON.stringify(card.shared).slice(0, -1));
  const can = fileAbilities(card, viewer);
  return [card.head, tails[(isLiked ? 4 : 0) + (can.canEdit ? 2 : 0) + (can.canDelete ? 1 : 0)]];
}

/** The card as one JSON object for this viewer. */
export function renderCard(card: Card, viewer: Viewer, isLiked: boolean): Buffer {
  return Buffer.concat(cardPieces(card, viewer, isLiked));
}
