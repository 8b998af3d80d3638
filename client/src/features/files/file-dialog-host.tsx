import { lazy, Suspense, useEffect, useRef } from 'react';
import { focusedElement, returnFocus } from '@/lib/focus-return';
import type { FileDto } from '@contract/files';
import { closeFileDialog, openFileOver, showFileInPlace, useOpenFileId } from '@/lib/held-location';

// The detail dialog (preview, comments, folders, downloads) is not needed to paint a list: grids
// load it when a card is first pressed, touched or focused, and it is there by the time it opens.
export const loadFileDetail = () => import('./file-detail-dialog');
const FileDetailDialog = lazy(() => loadFileDetail().then((m) => ({ default: m.FileDetailDialog })));

/** The cards files were opened from, shown while the dialog asks for the file (kept for Back and Forward). */
const cards = new Map<number, FileDto>();

/** The card (or link) focused when a file was opened from a grid: focus goes back to it on close. */
let opener: HTMLElement | null = null;

/** Opens a file from any grid: its dialog over the page, its address in the address bar (lib/held-location.ts). */
export function openFile(file: FileDto): void {
  cards.set(file.id, file);
  opener = focusedElement();
  openFileOver(file.id);
}

/**
 * The one file dialog of a member's screens, open while the history entry says a file is open
 * over the page: Back closes it, Forward opens it again, its close button goes back.
 */
export function FileDialogHost() {
  const id = useOpenFileId();
  const wasOpen = useRef(false);
  // The dialog leaves with the history entry (Escape, Back, its close button): focus returns to the card.
  useEffect(() => {
    if (id !== null) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    returnFocus(opener);
    opener = null;
  }, [id]);
  if (id === null) return null;
  return (
    <Suspense fallback={null}>
      <FileDetailDialog
        fileId={id}
        initial={cards.get(id)}
        onClose={closeFileDialog}
        onShow={(file) => {
          cards.set(file.id, file);
          showFileInPlace(file.id);
        }}
      />
    </Suspense>
  );
}
