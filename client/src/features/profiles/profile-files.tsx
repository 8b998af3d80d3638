import { ImageOff } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { FileGrid } from '@/features/files/file-grid';
import { useInfiniteScroll } from '@/features/files/use-infinite-scroll';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';
import { useProfileFiles } from './profile-queries';

const NEAR_BOTTOM_PX = 500;

function NoFiles({ isSelf }: { isSelf: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-border px-4 py-16 text-center">
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <ImageOff className="size-7" aria-hidden />
      </span>
      <h3 className="text-lg font-semibold tracking-tight">No files yet</h3>
      <p className="mt-1.5 max-w-sm text-muted-foreground">
        {isSelf ? 'Start sharing your files to build your collection' : "This user hasn't shared any files yet"}
      </p>
    </div>
  );
}

/** The member's files in the masonry grid with infinite scroll, or the owner's or visitor's empty state. */
export function ProfileFiles({ userId, isSelf }: { userId: number; isSelf: boolean }) {
  const query = useProfileFiles(userId);
  const files = useMemo(() => query.data?.pages.flat() ?? [], [query.data]);
  const { hasNextPage, isFetching, isFetchingNextPage, fetchNextPage, error } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const reported = useRef(false);

  useInfiniteScroll({ hasMore: Boolean(hasNextPage), isFetching, loadMore, threshold: NEAR_BOTTOM_PX, itemCount: files.length });

  useEffect(() => {
    if (!error || reported.current) return;
    reported.current = true;
    if (isUnauthorizedError(error)) handleUnauthorized();
    else toast({ title: 'Error', description: 'Failed to fetch user files', variant: 'destructive' });
  }, [error]);

  return (
    <section aria-labelledby="profile-files" className="space-y-4">
      <h2 id="profile-files" className="text-lg font-semibold tracking-tight">Files</h2>
      {query.isPending ? (
        <div className="flex justify-center py-16"><Spinner className="size-7" label="Loading files" /></div>
      ) : files.length === 0 ? (
        !error && <NoFiles isSelf={isSelf} />
      ) : (
        <>
          <FileGrid files={files} />
          <div className="flex justify-center py-4" aria-live="polite">
            {isFetchingNextPage && <Spinner label="Loading more files" />}
          </div>
        </>
      )}
    </section>
  );
}
