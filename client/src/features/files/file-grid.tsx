import { useState, type ReactNode } from 'react';
import type { FileDto } from '@contract/files';
import { loadFileDetail, openFile } from './file-dialog-host';
import { MasonryGrid } from './masonry-grid';

/** A masonry grid whose cards open the file detail dialog (file-dialog-host.tsx): what every file list renders. `keepOrder`: see masonryItems. */
export function FileGrid({ files, adClient, cardAction, keepOrder }: { files: readonly FileDto[]; adClient?: string | null; cardAction?: (file: FileDto) => ReactNode; keepOrder?: boolean }) {
  const [wanted, setWanted] = useState(false);
  const want = () => {
    if (wanted) return;
    setWanted(true);
    void loadFileDetail();
  };
  return (
    <div onPointerDownCapture={want} onFocusCapture={want} onPointerOver={want} className="contents">
      <MasonryGrid files={files} adClient={adClient} onOpen={(file) => { want(); openFile(file); }} cardAction={cardAction} keepOrder={keepOrder} />
    </div>
  );
}
