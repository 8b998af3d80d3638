import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { screenPaths } from '@contract/screens';
import { textSearchHref } from '@/features/search/search-params';
import { cn } from '@/lib/utils';
import { addressSearch } from '@/lib/held-location';

/**
 * The header's search box: submits to /search?q=… only when the trimmed text is not empty.
 * On /search it starts with the text being searched for (or `initialText`).
 */
export function HeaderSearch({ className, initialText }: { className?: string; initialText?: string }) {
  const [location, navigate] = useLocation();
  const [text, setText] = useState(() => initialText ?? (location === screenPaths.search ? (new URLSearchParams(addressSearch()).get('q') ?? '') : ''));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const term = text.trim();
    if (!term) return;
    navigate(textSearchHref(term));
  }

  return (
    <form role="search" onSubmit={onSubmit} className={cn('relative w-full', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search..."
        aria-label="Search"
        className="h-10 w-full rounded-full border border-transparent bg-muted pr-4 pl-10 text-sm transition-colors placeholder:text-muted-foreground hover:bg-muted/80 focus-visible:border-ring focus-visible:bg-background focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none"
      />
    </form>
  );
}
