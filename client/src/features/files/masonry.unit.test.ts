import { describe, expect, it } from 'vitest';
import type { FileDto } from '@contract/files';
import { columnsForWidth, dealIntoColumns, masonryItems } from './masonry';

const file = (id: number) => ({ id }) as FileDto;
const ids = (items: ReturnType<typeof masonryItems>) => items.map((item) => item.id);

describe('columnsForWidth', () => {
  it('uses 1, 2, 3, 4 columns at under 640, 640, 1024, 1280 px', () => {
    expect(columnsForWidth(360)).toBe(1);
    expect(columnsForWidth(639)).toBe(1);
    expect(columnsForWidth(640)).toBe(2);
    expect(columnsForWidth(1023)).toBe(2);
    expect(columnsForWidth(1024)).toBe(3);
    expect(columnsForWidth(1279)).toBe(3);
    expect(columnsForWidth(1280)).toBe(4);
    expect(columnsForWidth(2560)).toBe(4);
  });
});

describe('masonryItems', () => {
  it('removes duplicates and puts the newest id first', () => {
    expect(ids(masonryItems([file(3), file(9), file(3), file(5), file(9)], false))).toEqual([9, 5, 3]);
  });
  it('keeps the given order when asked (search results in the chosen order)', () => {
    expect(ids(masonryItems([file(3), file(9), file(3), file(5)], false, true))).toEqual([3, 9, 5]);
  });
  it('adds no ads when ads are off', () => {
    const files = Array.from({ length: 25 }, (_, i) => file(i + 1));
    expect(masonryItems(files, false).every((item) => item.type === 'file')).toBe(true);
  });
  it('adds one ad per 10 files, after the files', () => {
    const files = Array.from({ length: 25 }, (_, i) => file(i + 1));
    const items = masonryItems(files, true);
    expect(items).toHaveLength(27);
    expect(items.slice(0, 25).every((item) => item.type === 'file')).toBe(true);
    expect(ids(items).slice(25)).toEqual(['ad-1', 'ad-2']);
  });
  it('adds no ad before the 10th file', () => {
    expect(masonryItems(Array.from({ length: 9 }, (_, i) => file(i + 1)), true)).toHaveLength(9);
  });
});

describe('dealIntoColumns', () => {
  it('deals round-robin: item i goes to column i mod n', () => {
    expect(dealIntoColumns([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 4, 7], [2, 5], [3, 6]]);
  });
  it('keeps empty columns when there are fewer items than columns', () => {
    expect(dealIntoColumns([1], 4)).toEqual([[1], [], [], []]);
  });
  it('falls back to one column for a bad count', () => {
    expect(dealIntoColumns([1, 2], 0)).toEqual([[1, 2]]);
  });
});
