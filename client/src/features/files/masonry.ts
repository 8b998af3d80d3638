import type { FileDto } from '@contract/files';

// The masonry rules, kept free of React so they can be tested alone.

export const AD_EVERY = 10;

export type MasonryItem = { type: 'file'; id: number; file: FileDto } | { type: 'ad'; id: string; slot: number };

const BREAKPOINTS: ReadonlyArray<readonly [minWidth: number, columns: number]> = [
  [1280, 4],
  [1024, 3],
  [640, 2],
];

/** 1 column under 640 px, 2 from 640, 3 from 1024, 4 from 1280. */
export function columnsForWidth(width: number): number {
  for (const [minWidth, columns] of BREAKPOINTS) if (width >= minWidth) return columns;
  return 1;
}

/**
 * Files de-duplicated by id and sorted newest id first; when ads are on, one ad card for every
 * 10th file, sorted after the files.
 * `keepOrder` keeps the server's order instead: search results ordered by the member's choice.
 */
export function masonryItems(files: readonly FileDto[], withAds: boolean, keepOrder = false): MasonryItem[] {
  const seen = new Set<number>();
  const items: MasonryItem[] = [];
  for (const file of files) {
    if (seen.has(file.id)) continue;
    seen.add(file.id);
    items.push({ type: 'file', id: file.id, file });
  }
  if (!keepOrder) items.sort((a, b) => (b.id as number) - (a.id as number));
  if (withAds) {
    const adCount = Math.floor(items.length / AD_EVERY);
    for (let slot = 1; slot <= adCount; slot += 1) items.push({ type: 'ad', id: `ad-${slot}`, slot });
  }
  return items;
}

/** Deals items round-robin into `columnCount` columns: item i goes to column i mod n. */
export function dealIntoColumns<T>(items: readonly T[], columnCount: number): T[][] {
  const count = Math.max(1, Math.floor(columnCount));
  const columns: T[][] = Array.from({ length: count }, () => []);
  items.forEach((item, index) => columns[index % count].push(item));
  return columns;
}
