import { describe, expect, it } from 'vitest';
import { cardPieces, type Card } from './card-cache';
import { jsonArray } from './send-json';

// Pages are joined from bytes encoded once per card: what a member receives must be the JSON
// the cards would serialize to, with each viewer's own like and abilities.
const card = (id: number, userId: number, name: string): Card => ({
  id,
  userId,
  isPublic: true,
  isNsfw: false,
  shared: { id, name, tags: ['été', 'ünïcode'], likeCount: 2 } as unknown as Card['shared'],
  head: null,
});

describe('answers joined from bytes', () => {
  it('are the JSON of the cards with the viewer’s marks, multi-byte text included', () => {
    const cards = [card(2, 7, 'Sunset “over” 東京'), card(1, 9, 'Plain')];
    const viewer = { id: 7, isAdmin: false } as unknown as Parameters<typeof cardPieces>[1];
    const bytes = jsonArray(cards.map((c, i) => cardPieces(c, viewer, i === 1)));
    expect(JSON.parse(bytes.toString('utf8'))).toEqual([
      { ...cards[0].shared, isLiked: false, canEdit: true, canDelete: true },
      { ...cards[1].shared, isLiked: true, canEdit: false, canDelete: false },
    ]);
  });

  it('are an empty array when nothing is left to show', () => {
    expect(jsonArray([]).toString()).toBe('[]');
  });
});
