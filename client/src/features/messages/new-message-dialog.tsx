import { Search, SendHorizontal, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MESSAGE_MAX, messageMessages } from '@contract/messages';
import type { UserSearchResult } from '@contract/users';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useUserSearch } from '@/features/folders/use-collaboration';
import { ProfileAvatar } from '@/features/profiles/profile-avatar';
import { profileDisplayName } from '@/features/profiles/profile-name';
import { canSearchRecipients, canSend } from './message-rules';
import { sendFailedToast, useSendMessage } from './message-queries';

const SEARCH_DEBOUNCE_MS = 250;

function Person({ user }: { user: UserSearchResult }) {
  return (
    <>
      <ProfileAvatar user={user} className="size-8" />
      <span className="grid min-w-0">
        <span className="truncate text-sm font-medium">{profileDisplayName(user, 'Anonymous')}</span>
        <span className="truncate text-xs text-muted-foreground">@{user.username}</span>
      </span>
    </>
  );
}

/** Pick a recipient (search from above 2 characters), write, send; then their thread opens. */
export function NewMessageDialog({ open, onOpenChange, viewerId, onSent }: { open: boolean; onOpenChange: (open: boolean) => void; viewerId: number; onSent: (userId: number) => void }) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<UserSearchResult | null>(null);
  const [content, setContent] = useState('');
  const search = useUserSearch(canSearchRecipients(term) ? term : '');
  const send = useSendMessage();
  const people = (search.data ?? []).filter((person) => person.id !== viewerId);

  useEffect(() => {
    const timer = window.setTimeout(() => setTerm(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  function reset() {
    setText('');
    setTerm('');
    setChosen(null);
    setContent('');
  }

  function submit() {
    if (!chosen || !canSend(content) || send.isPending) return;
    send.mutate(
      { recipientId: chosen.id, content },
      {
        onSuccess: () => {
          toast({ title: messageMessages.sent });
          onSent(chosen.id);
          onOpenChange(false);
          reset();
        },
        onError: sendFailedToast,
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New Message</DialogTitle>
          <DialogDescription>Search for a member by name or username.</DialogDescription>
        </DialogHeader>
        {chosen ? (
          <div className="flex items-center gap-3 rounded-xl border bg-accent/40 px-3 py-2">
            <Person user={chosen} />
            <Button variant="ghost" size="icon-sm" className="ml-auto" aria-label="Choose someone else" onClick={() => setChosen(null)}>
              <X aria-hidden />
            </Button>
          </div>
        ) : (
          <div className="space-y-2">
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <Input value={text} onChange={(event) => setText(event.target.value)} placeholder="Search members..." aria-label="Search members" className="pl-9" autoComplete="off" autoFocus />
            </div>
            {canSearchRecipients(term) ? (
              <div className="max-h-52 overflow-y-auto rounded-xl border" aria-live="polite">
                {search.isPending ? (
                  <div className="flex justify-center py-3">
                    <Spinner className="size-4" label="Searching" />
                  </div>
                ) : search.isError ? (
                  <p className="px-3 py-3 text-sm text-muted-foreground">Failed to search users</p>
                ) : people.length === 0 ? (
                  <p className="px-3 py-3 text-sm text-muted-foreground">No members found</p>
                ) : (
                  <ul>
                    {people.map((person) => (
                      <li key={person.id}>
                        <button
                          type="button"
                          onClick={() => setChosen(person)}
                          className="flex w-full cursor-pointer items-center gap-3 px-3 py-2 text-left hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                        >
                          <Person user={person} />
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ) : (
              <p className="text-xs text-muted-foreground">Type at least 3 characters to search.</p>
            )}
          </div>
        )}
        <Textarea
          value={content}
          onChange={(event) => setContent(event.target.value)}
          placeholder="Type your message..."
          aria-label="Message"
          maxLength={MESSAGE_MAX}
          rows={4}
        />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="brand" disabled={!chosen || !canSend(content) || send.isPending} onClick={submit}>
            <SendHorizontal aria-hidden />
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
