import { Hash } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@contract/users';
import { screens } from '@contract/screens';
import { AppLayout } from '@/components/layout/app-layout';
import { HeaderSearch } from '@/components/layout/header-search';
import { ExploreFeed } from '@/features/search/explore-feed';
import { SearchFilterBar } from '@/features/search/search-filters';
import { DEFAULT_FILTERS, searchTerm, searchTitle, type SearchFilters } from '@/features/search/search-params';
import { SearchView } from '@/features/search/search-view';
import { useAddressQuery } from '@/features/search/use-address-query';
import { useSearchCount } from '@/features/search/use-search-queries';
import { SimilarSearchPage, useSimilarParam } from './similar-search';
import { searchDocumentTitle, useDocumentTitle } from '@/lib/document-title';

/** /search and /search?q=… or ?tag=…: Search and Explore; ?similar={id}: files like one file. */
export function SearchPage({ user }: { user: CurrentUser }) {
  const similar = useSimilarParam();
  return similar ? <SimilarSearchPage key={similar} user={user} fileId={similar} /> : <TextSearchPage user={user} />;
}

function TextSearchPage({ user }: { user: CurrentUser }) {
  const [, navigate] = useLocation();
  const query = useAddressQuery();
  const [filters, setFilters] = useState<SearchFilters>(DEFAULT_FILTERS);
  const term = searchTerm(query);
  const hasQuery = term.length > 0;
  const count = useSearchCount(query, filters, hasQuery);
  const title = searchTitle(term, count.data?.count, count.data?.capped);
  useDocumentTitle(title, searchDocumentTitle);

  function reset() {
    setFilters(DEFAULT_FILTERS);
    navigate(screens.search());
  }

  return (
    <AppLayout user={user}>
      <div className="mx-auto max-w-[1600px] space-y-6 px-3 py-5 sm:px-6 sm:py-8">
        <header className="space-y-4">
          <HeaderSearch key={term} initialText={query.q} className="md:hidden" />
          <div className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl" data-testid="search-title">{title}</h1>
            {query.tag ? (
              <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
                <Hash className="size-3.5" aria-hidden />Files tagged exactly “{query.tag}”
              </p>
            ) : (
              !hasQuery && <p className="text-sm text-muted-foreground">Discover files shared by the community.</p>
            )}
          </div>
          <SearchFilterBar filters={filters} hasQuery={hasQuery} onChange={setFilters} onReset={reset} />
        </header>
        {hasQuery ? <SearchView query={query} filters={filters} count={count} /> : <ExploreFeed filters={filters} />}
      </div>
    </AppLayout>
  );
}
