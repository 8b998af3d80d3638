import { ArrowLeft, ScanSearch } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useSearch } from 'wouter';
import type { CurrentUser } from '@contract/users';
import { similarStrings } from '@contract/similar-strings';
import { screens } from '@contract/screens';
import { AppLayout } from '@/components/layout/app-layout';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { FileGrid } from '@/features/files/file-grid';
import { useFile } from '@/features/files/use-file-detail';
import { useInfiniteScroll } from '@/features/files/use-infinite-scroll';
import { useDocumentTitle } from '@/lib/document-title';
import { cn } from '@/lib/utils';
import { useSimilarFiles } from '@/features/similar/similar-queries';

const NEAR_BOTTOM_PX = 500;

/** The file id of `/search?similar={id}`, or null. */
export function useSimilarParam(): number | null {
  const raw = new URLSearchParams(useSearch()).get('similar');
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /search?similar={id} (decision 024): the files that look like one file, opened from a card's "Similar to this". */
export function SimilarSearchPage({ user, fileId }: { user: CurrentUser; fileId: number }) {
  const source = useFile(fileId);
  const similar = useSimilarFiles(fileId, source.isSuccess);
  const files = similar.data?.pages.flat() ?? [];
  const { fetchNextPage, hasNextPage, isFetching } = similar;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useInfiniteScroll({ hasMore: Boolean(hasNextPage), isFetching, loadMore, threshold: NEAR_BOTTOM_PX, itemCount: files.length });
  const title = source.data ? `${similarStrings.searchTitle} ${source.data.name}` : similarStrings.action;
  useDocumentTitle(title);

  return (
    <AppLayout user={user}>
      <div className="mx-auto max-w-[1600px] space-y-6 px-3 py-5 sm:px-6 sm:py-8">
        <Link href={screens.search()} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-ml-2')}>
          <ArrowLeft aria-hidden />
          Back to Search
        </Link>
        {source.isError ? (
          <EmptyState icon={ScanSearch} tone="muted" title="File not found" text="The file you're looking for doesn't exist or you don't have permission to view it." />
        ) : (
          <header className="flex items-center gap-4">
            {source.data?.thumbnailPath && !source.data.isNsfw && (
              <Link href={screens.file(fileId)} className="shrink-0" aria-label={`Open ${source.data.name}`}>
                <img src={source.data.thumbnailPath} alt={source.data.alt} className="size-16 rounded-xl object-cover shadow-sm ring-1 ring-border sm:size-20" />
              </Link>
            )}
            <div className="min-w-0 space-y-1">
              <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl" data-testid="search-title">
                {title}
              </h1>
              <p className="text-sm text-muted-foreground">Files that look most like it, best first.</p>
            </div>
          </header>
        )}
        {similar.isPending && source.isSuccess && (
          <div className="flex justify-center py-24">
            <Spinner className="size-7" label="Loading similar files" />
          </div>
        )}
        {similar.isSuccess && files.length === 0 && <p className="py-12 text-center text-muted-foreground">{similarStrings.empty}</p>}
        {files.length > 0 && <FileGrid files={files} keepOrder />}
        {similar.isFetchingNextPage && (
          <div className="flex justify-center py-6">
            <Spinner label="Loading more files" />
          </div>
        )}
      </div>
    </AppLayout>
  );
}
