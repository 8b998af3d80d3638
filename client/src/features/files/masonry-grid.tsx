import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { FileDto } from '@contract/files';
import { AdCard } from './ad-card';
import { FileCard } from './file-card';
import { columnsForWidth, dealIntoColumns, masonryItems } from './masonry';

// The column count is read from the window's width once, then again on each resize, and kept:
// React asks for it on every render of a grid and after every commit, and reading `innerWidth`
// after the DOM changed makes the browser lay the whole page out there and then, each time
// (the feed's first screen renders its grid several times as its queries answer).
let columnCount: number | null = null;

function onResize(): void {
  columnCount = columnsForWidth(window.innerWidth);
}

function currentColumnCount(): number {
  if (columnCount === null) {
    onResize();
    // Registered before any grid's own listener, so the grids re-render with the new count.
    window.addEventListener('resize', onResize);
  }
  return columnCount!;
}

function subscribeToResize(notify: () => void): () => void {
  currentColumnCount();
  window.addEventListener('resize', notify);
  return () => window.removeEventListener('resize', notify);
}

/** The masonry column count for the current window width (1/2/3/4 at <640/640/1024/1280). */
export function useColumnCount(): number {
  return useSyncExternalStore(subscribeToResize, currentColumnCount, () => 1);
}

/**
 * A Pinterest-style grid of file cards: de-duplicated, newest first, ads
 * last (only when `adClient` is set), dealt round-robin into columns. Any screen that lists
 * files (feed, profile, folder, search) renders this.
 */
export function MasonryGrid({ files, adClient, onOpen, cardAction, keepOrder = false, columns: fixedColumns }: { files: readonly FileDto[]; adClient?: string | null; onOpen: (file: FileDto) => void; cardAction?: (file: FileDto) => ReactNode; keepOrder?: boolean; /** A fixed count for a narrow container (the detail dialog's pane); else from the window width. */ columns?: number }) {
  const windowColumns = useColumnCount();
  const columnCount = fixedColumns ?? windowColumns;
  const columns = useMemo(() => dealIntoColumns(masonryItems(files, Boolean(adClient), keepOrder), columnCount), [files, adClient, columnCount, keepOrder]);

  return (
    <div className="flex items-start gap-3 sm:gap-4" data-testid="masonry-grid" data-columns={columnCount}>
      {columns.map((column, index) => (
        <div key={index} className="flex min-w-0 flex-1 flex-col gap-3 sm:gap-4">
          {column.map((item, row) =>
            item.type === 'file' ? (
              // The cards above the fold are fetched at once, with priority: the first of each column on
              // every screen, and the second too in a phone's one or two columns (the largest paint there).
              <FileCard key={item.id} file={item.file} onOpen={onOpen} action={cardAction?.(item.file)} priority={row < (columnCount <= 2 ? 2 : 1)} />
            ) : (
              adClient && <AdCard key={item.id} adClient={adClient} />
            ),
          )}
        </div>
      ))}
    </div>
  );
}
