import { AtSign } from 'lucide-react';
import { useUserSearch } from '@/features/folders/use-collaboration';
import { displayName } from '@/lib/user-display';

/** The `@name` being typed at the end of the text, from 2 characters (the member picker's minimum). */
export function mentionBeingTyped(text: string): string | null {
  return /(?:^|\s)@([A-Za-z0-9_]{2,20})$/.exec(text)?.[1] ?? null;
}

/**
 * Members to mention while `@name` is being typed in a comment box: the member picker's search
 * (`searchUsers`); picking one completes the name and a space (docs/decisions/032).
 */
export function MentionSuggestions({ text, onPick }: { text: string; onPick: (next: string) => void }) {
  const typed = mentionBeingTyped(text);
  const { data } = useUserSearch(typed ?? '');
  if (!typed || !data?.length) return null;
  return (
    <ul aria-label="Mention a member" className="flex flex-wrap gap-1.5" data-testid="mention-suggestions">
      {data.slice(0, 5).map((member) => (
        <li key={member.id}>
          <button
            type="button"
            onClick={() => onPick(`${text.slice(0, text.length - typed.length)}${member.username} `)}
            className="inline-flex h-8 items-center gap-1 rounded-full border bg-card px-2.5 text-xs font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <AtSign className="size-3" aria-hidden />
            {member.username}
            <span className="text-muted-foreground">{displayName(member)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
