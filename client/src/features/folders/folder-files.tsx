import { FolderMinus, ImagePlus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FileDto } from '@contract/files';
import { Spinner } from '@/components/ui/spinner';
import { FileGrid } from '@/features/files/file-grid';
import { useInfiniteScroll } from '@/features/files/use-infinite-scroll';
import { ConfirmDialog } from './confirm-dialog';
import type { FolderDto } from './folder-types';
import { failureToast } from './folder-toasts';
import { useRemoveFileFromFolder } from './use-folder-mutations';
import { useFolderFiles } from './use-folders';

const LIST_THRESHOLD_PX = 500;

/** The folder's files: masonry, infinite scroll at 500 px, the owner's remove per file. */
export function FolderFiles({ folder, onBrowse }: { folder: FolderDto; onBrowse?: () => void }) {
  const query = useFolderFiles(folder.id);
  const files = useMemo(() => query.data?.pages.flat() ?? [], [query.data]);
  const { hasNextPage, isFetching, fetchNextPage, error } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const [removing, setRemoving] = useState<FileDto | null>(null);
  const removal = useRemoveFileFromFolder(folder.id);

  useInfiniteScroll({ hasMore: Boolean(hasNextPage), isFetching, loadMore, threshold: LIST_THRESHOLD_PX, itemCount: files.length });
  useEffect(() => {
    if (error) failureToast(error, 'Failed to fetch folder files');
  }, [error]);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="size-7" label="Loading files" />
      </div>
    );
  }

  if (files.length === 0) {
    const body = (
      <>
        <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
          <ImagePlus className="size-7" aria-hidden />
        </span>
        <span className="text-lg font-semibold tracking-tight">No files in this folder</span>
        {onBrowse && <span className="mt-1.5 max-w-sm text-sm text-muted-foreground">Drag &amp; drop files here or click to browse</span>}
      </>
    );
    const box = 'flex w-full flex-col items-center rounded-3xl border border-dashed px-4 py-20 text-center';
    // Owner and editors may upload: the whole empty box opens the picker.
    return onBrowse ? (
      <button type="button" onClick={onBrowse} className={`${box} cursor-pointer transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none`}>{body}</button>
    ) : (
      <div className={box}>{body}</div>
    );
  }

  return (
    <>
      <FileGrid
        files={files}
        cardAction={folder.canManage ? (file) => (
          <button
            type="button"
            onClick={(event) => { event.stopPropagation(); setRemoving(file); }}
            aria-label={`Remove ${file.name} from folder`}
            className="inline-flex size-9 cursor-pointer items-center justify-center rounded-full bg-white/90 text-rose-600 shadow-md backdrop-blur transition hover:scale-105 hover:bg-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
          >
            <FolderMinus className="size-4" aria-hidden />
          </button>
        ) : undefined}
      />
      <div className="flex justify-center py-6" aria-live="polite">
        {query.isFetchingNextPage && <Spinner label="Loading more files" />}
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove File from Folder"
        description={<>Remove “{removing?.name}” from {folder.name}? The file itself stays where it is.</>}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={removal.isPending}
        onConfirm={() => removing && removal.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      />
    </>
  );
}
