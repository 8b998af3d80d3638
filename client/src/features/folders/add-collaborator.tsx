import { Search, Send, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { UserSearchResult } from '@contract/users';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { PersonAvatar } from '@/features/files/file-meta';
import { displayName } from '@/lib/user-display';
import { canSearchUsers } from './folder-rules';
import type { CollaboratorRole } from './folder-types';
import { failureToast } from './folder-toasts';
import { RoleSelect } from './role-select';
import { useCollaboration, useUserSearch } from './use-collaboration';

const SEARCH_DEBOUNCE_MS = 250;

/**
 * Add a collaborator: search members from 2 characters, choose one, pick a role,
 * and send them an invite; they are listed under pending invites until they answer.
 */
export function AddCollaborator({ folderId }: { folderId: number }) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<UserSearchResult | null>(null);
  const [role, setRole] = useState<CollaboratorRole>('VIEWER');
  const search = useUserSearch(term);
  const { inviteMember } = useCollaboration(folderId);

  useEffect(() => {
    const timer = window.setTimeout(() => setTerm(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (search.error) failureToast(search.error, 'Failed to search users');
  }, [search.error]);

  function submit() {
    if (!chosen) return;
    inviteMember.mutate({ member: chosen, role }, { onSuccess: () => { setChosen(null); setText(''); } });
  }

  return (
    <section aria-labelledby="add-collaborator-heading" className="space-y-3">
      <h3 id="add-collaborator-heading" className="text-sm font-semibold">Add collaborator</h3>
      {chosen ? (
        <div className="flex items-center gap-3 rounded-xl border bg-accent/40 px-3 py-2">
          <PersonAvatar user={chosen} className="size-8" />
          <span className="grid min-w-0 flex-1">
            <span className="truncate text-sm font-medium">{displayName(chosen)}</span>
            <span className="truncate text-xs text-muted-foreground">@{chosen.username}</span>
          </span>
          <Button variant="ghost" size="icon-sm" aria-label="Choose someone else" onClick={() => setChosen(null)}><X aria-hidden /></Button>
        </div>
      ) : (
        <div className="space-y-2">
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input value={text} onChange={(event) => setText(event.target.value)} placeholder="Search members by name or username" aria-label="Search members" className="pl-9" autoComplete="off" />
          </div>
          {canSearchUsers(term) && (
            <div className="max-h-44 overflow-y-auto rounded-xl border" aria-live="polite">
              {search.isPending ? (
                <div className="flex justify-center py-3"><Spinner className="size-4" label="Searching" /></div>
              ) : (search.data ?? []).length === 0 ? (
                <p className="px-3 py-3 text-sm text-muted-foreground">No members found</p>
              ) : (
                <ul>
                  {(search.data ?? []).map((person) => (
                    <li key={person.id}>
                      <button type="button" onClick={() => setChosen(person)} className="flex w-full cursor-pointer items-center gap-3 px-3 py-2 text-left hover:bg-accent focus-visible:bg-accent focus-visible:outline-none">
                        <PersonAvatar user={person} className="size-8" />
                        <span className="grid min-w-0">
                          <span className="truncate text-sm font-medium">{displayName(person)}</span>
                          <span className="truncate text-xs text-muted-foreground">@{person.username}</span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      )}
      <div className="flex gap-2">
        <RoleSelect value={role} onChange={setRole} label="Collaborator role" />
        <Button onClick={submit} disabled={!chosen || inviteMember.isPending} className="flex-1">
          <Send aria-hidden />
          {inviteMember.isPending ? 'Sending...' : 'Send Invite'}
        </Button>
      </div>
    </section>
  );
}
