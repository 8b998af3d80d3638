import { PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useState } from 'react';
import { MoreLikeThis } from '@/features/similar/more-like-this';
import type { FileDto } from '@contract/files';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/document-title';
import { cn } from '@/lib/utils';
import { FileDetailsPane } from './file-details-pane';
import { FilePreview } from './file-preview';
import { useFile } from './use-file-detail';

/**
 * The file detail dialog, 90% of the screen: the preview on the left with a
 * toggle for the details pane on the right. Open it with the file's id and the card's copy when
 * there is one; it refreshes the file (counting a view) and shows the card's copy meanwhile. A
 * neighbour opened from "More like this" replaces the file in the same dialog (`onShow`).
 */
export function FileDetailDialog({ fileId, initial, onClose, onShow }: { fileId: number | null; initial?: FileDto; onClose: () => void; onShow?: (file: FileDto) => void }) {
  return (
    <Dialog open={fileId !== null} onOpenChange={(open) => !open && onClose()}>
      {fileId !== null && (
        <DialogContent
          aria-describedby={undefined}
          // Focus the dialog itself, not the first control of the preview (a player would grab it).
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.target as HTMLElement | null)?.focus();
          }}
          className="flex h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] max-w-none flex-col gap-0 overflow-hidden p-0 sm:h-[90vh] sm:w-[90vw] md:flex-row [&>button:last-child]:z-10 [&>button:last-child]:bg-background/80 [&>button:last-child]:backdrop-blur"
        >
          <Shown key={fileId} fileId={fileId} initial={initial} onClose={onClose} onShow={onShow} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function Shown({ fileId, initial, onClose, onShow }: { fileId: number; initial?: FileDto; onClose: () => void; onShow?: (file: FileDto) => void }) {
  const [shown, setShown] = useState<{ id: number; initial?: FileDto }>({ id: fileId, initial });
  const open = (file: FileDto) => {
    setShown({ id: file.id, initial: file });
    onShow?.(file);
  };
  // Keyed by the file: a neighbour starts with its pane at the top and its own state.
  return <DetailBody key={shown.id} id={shown.id} initial={shown.initial} onClose={onClose} onOpen={open} />;
}

function DetailBody({ id, initial, onClose, onOpen }: { id: number; initial?: FileDto; onClose: () => void; onOpen: (file: FileDto) => void }) {
  const { data, isError, isPlaceholderData } = useFile(id, initial);
  const [showDetails, setShowDetails] = useState(true);
  const file = data ?? initial;
  useDocumentTitle(file?.name ?? null);
  if (!file && !isError) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <DialogTitle className="sr-only">Loading file</DialogTitle>
        <Spinner className="size-7" label="Loading file" />
      </div>
    );
  }

  if (isError || !file) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
        <DialogTitle>File not found</DialogTitle>
        <p className="text-sm text-muted-foreground">The file you're looking for doesn't exist or you don't have permission to view it.</p>
      </div>
    );
  }

  return (
    <>
      <section
        aria-label="Preview"
        className={cn('relative min-h-0 bg-zinc-950 md:flex-1', showDetails ? 'h-[45%] shrink-0 md:h-auto' : 'flex-1')}
      >
        <div className="absolute inset-0 p-2 sm:p-4">
          <FilePreview file={file} />
        </div>
        <button
          type="button"
          onClick={() => setShowDetails((shown) => !shown)}
          aria-expanded={showDetails}
          aria-controls="file-details-pane"
          className="absolute top-3 left-3 z-10 inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full bg-black/55 px-3 text-xs font-medium text-white backdrop-blur transition hover:bg-black/75 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
        >
          {showDetails ? <PanelRightClose className="size-4" aria-hidden /> : <PanelRightOpen className="size-4" aria-hidden />}
          {showDetails ? 'Hide details' : 'Show details'}
        </button>
        {isPlaceholderData && (
          <span className="absolute right-3 bottom-3">
            <Spinner className="text-white" />
          </span>
        )}
      </section>
      <aside
        id="file-details-pane"
        aria-label="File details"
        className={cn('min-h-0 flex-1 overflow-y-auto border-border md:w-[400px] md:flex-none md:border-l lg:w-[440px]', !showDetails && 'hidden')}
      >
        <FileDetailsPane file={file} onClose={onClose} />
        <div className="px-5 pb-6 sm:px-6">
          <MoreLikeThis file={file} onOpen={onOpen} columns={2} />
        </div>
      </aside>
    </>
  );
}
