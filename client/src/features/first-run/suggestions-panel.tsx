import { Hash, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { tagSearchHref } from '@/features/search/search-params';
import { SuggestedMember } from './suggested-member';
import { firstRunHidden, hideFirstRun, useSuggestions } from './suggestion-queries';

/**
 * What a new member can follow on day one (decision 030): the most followed and liked members
 * with public files, and the tags of the most liked public files. Nothing shows when there is
 * nothing to offer; `closable` lets a member who has a feed put it away.
 */
export function SuggestionsPanel({ closable = false }: { closable?: boolean }) {
  const [hidden, setHidden] = useState(() => closable && firstRunHidden('suggestions'));
  const { data } = useSuggestions(!hidden);
  if (hidden || !data || (data.members.length === 0 && data.tags.length === 0)) return null;
  return (
    <section aria-labelledby="suggestions-heading" className="relative space-y-4 rounded-2xl border border-border/70 bg-muted/40 p-4 text-left sm:p-5" data-testid="suggestions">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="suggestions-heading" className="text-base font-semibold tracking-tight">Get started</h2>
          <p className="text-sm text-muted-foreground">Follow members whose work you like, or explore a tag.</p>
        </div>
        {closable && (
          <Button variant="ghost" size="icon-sm" aria-label="Hide suggestions" onClick={() => { hideFirstRun('suggestions'); setHidden(true); }}>
            <X aria-hidden />
          </Button>
        )}
      </div>
      {data.members.length > 0 && (
        <ul aria-label="Members to follow" className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {data.members.map((m) => <SuggestedMember key={m.user.id} suggestion={m} />)}
        </ul>
      )}
      {data.tags.length > 0 && (
        <ul aria-label="Tags to explore" className="flex flex-wrap gap-2">
          {data.tags.map(({ tag, files }) => (
            <li key={tag}>
              <Link
                href={tagSearchHref(tag)}
                className="inline-flex h-8 items-center gap-1 rounded-full border border-border/70 bg-card px-3 text-sm font-medium text-foreground/80 transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <Hash className="size-3.5 text-primary" aria-hidden />
                {tag}
                <span className="text-xs text-muted-foreground tabular-nums">{files}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
