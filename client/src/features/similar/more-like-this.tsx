import { Images } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { FileDto } from '@contract/files';
import { similarStrings } from '@contract/similar-strings';
import { Spinner } from '@/components/ui/spinner';
import { MasonryGrid, useColumnCount } from '@/features/files/masonry-grid';
import { useNearViewport } from '@/features/files/use-near-viewport';
import { useSimilarFiles } from './similar-queries';

/** Calls `onVisible` whenever the element scrolls into view (inside a dialog's pane too). */
function useOnVisible(ref: React.RefObject<Element | null>, onVisible: () => void, active: boolean): void {
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), { rootMargin: '400px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, active]);
}

/**
 * "More like this" under a file's details (decision 024): a masonry of the files that look most like
 * it (shared tags for non-images), loaded when the section comes near the screen and continued as
 * the member scrolls, in the detail dialog's pane as on /file/{id}.
 */
export function MoreLikeThis({ file, onOpen, columns }: { file: FileDto; onOpen: (file: FileDto) => void; columns?: number }) {
  // Two columns at least: under a file on a phone, one card per row would be a long way down.
  const windowColumns = Math.max(2, useColumnCount());
  const section = useRef<HTMLElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const near = useNearViewport(section, '300px');
  const query = useSimilarFiles(file.id, near);
  const files = query.data?.pages.flat() ?? [];
  const more = Boolean(query.hasNextPage) && !query.isFetchingNextPage;
  useOnVisible(end, () => void query.fetchNextPage(), more);

  return (
    <section ref={section} aria-labelledby={`more-like-${file.id}`} className="space-y-3" data-testid="more-like-this">
      <h2 id={`more-like-${file.id}`} className="flex items-center gap-2 text-base font-semibold tracking-tight">
        <Images className="size-4 text-muted-foreground" aria-hidden />
        {similarStrings.section}
      </h2>
      {files.length > 0 && <MasonryGrid files={files} onOpen={onOpen} columns={columns ?? windowColumns} keepOrder />}
      {query.isSuccess && files.length === 0 && <p className="text-sm text-muted-foreground">{similarStrings.empty}</p>}
      {(query.isPending && near) || query.isFetchingNextPage ? (
        <div className="flex justify-center py-4">
          <Spinner label="Loading similar files" />
        </div>
      ) : null}
      <div ref={end} aria-hidden className="h-px" />
    </section>
  );
}
