import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { FileDto } from '@contract/files';
import { MasonryGrid } from './masonry-grid';

// The detail dialog (preview, comments, folders, downloads) is not needed to paint a list: it
// loads when a card is first pressed, touched or focused, and is there by the time it opens.
const loadDetail = () => import('./file-detail-dialog');
const FileDetailDialog = lazy(() => loadDetail().then((m) => ({ default: m.FileDetailDialog })));

/** A masonry grid whose cards open the file detail dialog: what every file list renders. `keepOrder`: see masonryItems. */
export function FileGrid({ files, adClient, cardAction, keepOrder }: { files: readonly FileDto[]; adClient?: string | null; cardAction?: (file: FileDto) => ReactNode; keepOrder?: boolean }) {
  const [open, setOpen] = useState<FileDto | null>(null);
  const [wanted, setWanted] = useState(false);
  const want = () => {
    if (wanted) return;
    setWanted(true);
    void loadDetail();
  };
  return (
    <div onPointerDownCapture={want} onFocusCapture={want} onPointerOver={want} className="contents">
      <MasonryGrid files={files} adClient={adClient} onOpen={(file) => { want(); setOpen(file); }} cardAction={cardAction} keepOrder={keepOrder} />
      {(wanted || open) && (
        <Suspense fallback={null}>
          <FileDetailDialog file={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
