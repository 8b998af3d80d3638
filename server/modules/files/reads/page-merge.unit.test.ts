import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstBelow, mergePage, type PagePlace } from './page-merge';

/** The page by definition: every id newest first, filtered, then offset and limit. */
function expected(all: number[], place: PagePlace): number[] {
  const sorted = [...all].sort((a, b) => b - a).filter((id) => place.before === undefined || id < place.before);
  return sorted.slice(place.before === undefined ? place.offset : 0).slice(0, place.limit);
}

const desc = (ids: number[]) => [...new Set(ids)].sort((a, b) => b - a);

describe('merging the public skeleton with a member’s private ids', () => {
  it('finds the first id below a cursor', () => {
    expect(firstBelow([9, 7, 5, 3], 7)).toBe(2);
    expect(firstBelow([9, 7, 5, 3], 10)).toBe(0);
    expect(firstBelow([9, 7, 5, 3], 1)).toBe(4);
  });

  it('gives the same page as sorting everything, by offset or cursor, with or without a partial skeleton', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 120 }),
        fc.nat(),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 30 }),
        fc.option(fc.integer({ min: 1, max: 420 }), { nil: undefined }),
        fc.integer({ min: 0, max: 80 }),
        (ids, split, offset, limit, before, headSize) => {
          // Each id goes to one side: public or this member's private.
          const pub = desc(ids.filter((id) => (id + split) % 3 !== 0));
          const own = desc(ids.filter((id) => (id + split) % 3 === 0));
          const place = { offset, limit, before };
          const head = pub.slice(0, headSize);
          let page = mergePage(head, head.length === pub.length, own, place);
          if (!Array.isArray(page)) {
            const last = head.at(-1) ?? Number.MAX_SAFE_INTEGER;
            const from = Math.min(last, before ?? last);
            const older = pub.filter((id) => id < from).slice(0, page.more);
            page = mergePage([...head, ...older], older.length < page.more, own, place);
          }
          expect(page).toEqual(expected([...pub, ...own], place));
        },
      ),
      { numRuns: 500 },
    );
  });
});
