import { Images, Plus } from 'lucide-react';
import type { FileDto } from '@contract/files';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { usePublicConfig } from '@/features/auth/use-public-config';
import { FolderHint, useFolderHintCounts } from '@/features/first-run/folder-hint';
import { SuggestionsPanel } from '@/features/first-run/suggestions-panel';
import { firstRunHidden, useSuggestions } from '@/features/first-run/suggestion-queries';
import { useAuth } from '@/lib/auth';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';
import { FileGrid } from './file-grid';
import { useOpenUpload } from './upload-dialog';
import { feedErrorVisible, useFileFeed } from './use-file-feed';
import { useInfiniteScroll } from './use-infinite-scroll';

const FEED_THRESHOLD_PX = 800;
const NO_FILES: FileDto[] = [];
const SHORT_CONTENT_PX = 100;

/** The signed-in home feed: masonry with infinite scroll, the end line and the empty state. */
export function HomeFeed() {
  const feed = useFileFeed();
  const { data: config } = usePublicConfig();
  const loaded = useMemo(() => feed.data?.pages.flat() ?? [], [feed.data]);
  const { hasNextPage, isFetchingNextPage, isFetching, fetchNextPage, error } = feed;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const warned = useRef(false);
  // Suggestions above a feed only while the member follows nobody (decision 030).
  const followsNobody = useAuth().user?.followingCount === 0;
  // Asked beside the feed, and the grid waits for them: a card arriving above a painted grid would
  // push every picture down.
  const suggestions = useSuggestions(followsNobody && !firstRunHidden('suggestions'));
  const folderHintCounts = useFolderHintCounts();
  const ready = !feed.isPending && !suggestions.isLoading && !folderHintCounts.isLoading;
  // Cards render in a transition React may interrupt, whichever answer completes them (the
  // query library's updates are urgent): twenty cards at once were a phone's longest task.
  // Until it is done the next page is not asked for (the list's end is not the end).
  const shown = ready ? loaded : NO_FILES;
  const files = useDeferredValue(shown, NO_FILES);
  const rendering = files !== shown;

  useInfiniteScroll({
    hasMore: Boolean(hasNextPage) && !rendering,
    isFetching,
    loadMore,
    threshold: FEED_THRESHOLD_PX,
    shortThreshold: SHORT_CONTENT_PX,
    itemCount: files.length,
  });

  useEffect(() => {
    if (!warned.current && isUnauthorizedError(error)) {
      warned.current = true;
      handleUnauthorized();
    }
  }, [error]);

  if (!ready || (rendering && files.length === 0)) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="size-7" label="Loading files" />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {feedErrorVisible(error) && !isUnauthorizedError(error) && (
        <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive/10 px-4 py-3 text-center text-sm text-destructive">
          Something went wrong. Please refresh the page.
        </p>
      )}
      <FolderHint />
      {files.length === 0 ? (
        !error && <EmptyFeed />
      ) : (
        <>
          {followsNobody && <SuggestionsPanel closable />}
          <FileGrid files={files} adClient={config?.adClient} />
          <div className="flex justify-center py-6" aria-live="polite">
            {isFetchingNextPage ? (
              <Spinner label="Loading more files" />
            ) : (
              !hasNextPage && (
                <p className="text-sm text-muted-foreground" data-testid="feed-end">
                  You've reached the end <span className="tabular-nums">· {files.length} {files.length === 1 ? 'file' : 'files'}</span>
                </p>
              )
            )}
          </div>
        </>
      )}
    </div>
  );
}

/** The empty state, with the first steps its text names: an Upload button, and whom to follow (decision 030). */
function EmptyFeed() {
  const openUpload = useOpenUpload();
  return (
    <div className="mx-auto max-w-4xl space-y-2 pb-10">
      <EmptyState icon={Images} title="No files found" text="Start by uploading your first file or following some users." className="pb-8 sm:py-16">
        {openUpload && (
          <Button variant="brand" size="lg" className="rounded-full" onClick={openUpload}>
            <Plus aria-hidden />
            Upload your first file
          </Button>
        )}
      </EmptyState>
      <SuggestionsPanel />
    </div>
  );
}
