import { useState, type ReactNode } from 'react';
import type { FileDto } from '@contract/files';
import { FileDetailDialog } from './file-detail-dialog';
import { MasonryGrid } from './masonry-grid';

/** A masonry grid whose cards open the file detail dialog: what every file list renders. `keepOrder`: see masonryItems. */
export function FileGrid({ files, adClient, cardAction, keepOrder }: { files: readonly FileDto[]; adClient?: string | null; cardAction?: (file: FileDto) => ReactNode; keepOrder?: boolean }) {
  const [open, setOpen] = useState<FileDto | null>(null);
  return (
    <>
      <MasonryGrid files={files} adClient={adClient} onOpen={setOpen} cardAction={cardAction} keepOrder={keepOrder} />
      <FileDetailDialog file={open} onClose={() => setOpen(null)} />
    </>
  );
}
