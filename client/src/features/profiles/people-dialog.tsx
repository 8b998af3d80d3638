import { Users } from 'lucide-react';
import { useEffect, useMemo, useRef, type UIEvent } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { PersonRow } from './person-row';
import { usePeople, type PeopleKind } from './profile-queries';

const NEAR_BOTTOM_PX = 500;

const TITLES: Record<PeopleKind, string> = { followers: 'Followers', following: 'Following' };

function nearBottom(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
}

/** Followers or following of a member: an infinite list, each person linking to their profile. */
export function PeopleDialog({ userId, name, kind, onClose }: { userId: number; name: string; kind: PeopleKind | null; onClose: () => void }) {
  return (
    <Dialog open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md gap-0 p-0" aria-describedby={undefined}>
        {kind && <PeopleList userId={userId} name={name} kind={kind} onNavigate={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function PeopleList({ userId, name, kind, onNavigate }: { userId: number; name: string; kind: PeopleKind; onNavigate: () => void }) {
  const query = usePeople(userId, kind, true);
  const people = useMemo(() => query.data?.pages.flat() ?? [], [query.data]);
  const list = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetching, fetchNextPage } = query;

  // A first page shorter than the box gives no scroll events: ask for more once it rendered.
  useEffect(() => {
    const element = list.current;
    if (element && hasNextPage && !isFetching && element.scrollHeight <= element.clientHeight) void fetchNextPage();
  }, [people.length, hasNextPage, isFetching, fetchNextPage]);

  function onScroll(event: UIEvent<HTMLDivElement>) {
    if (hasNextPage && !isFetching && nearBottom(event.currentTarget)) void fetchNextPage();
  }

  return (
    <>
      <DialogHeader className="border-b px-6 pt-6 pb-4">
        <DialogTitle>{TITLES[kind]}</DialogTitle>
        <DialogDescription className="truncate">{name}</DialogDescription>
      </DialogHeader>
      <div ref={list} onScroll={onScroll} className="max-h-[min(28rem,65dvh)] min-h-28 overflow-y-auto p-3" data-testid={`${kind}-list`}>
        {query.isPending ? (
          <div className="flex justify-center py-10"><Spinner label={`Loading ${kind}`} /></div>
        ) : query.isError ? (
          <p role="alert" className="py-10 text-center text-sm text-destructive">Something went wrong. Please try again.</p>
        ) : people.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
            <Users className="size-8" aria-hidden />
            <p className="text-sm">{kind === 'followers' ? 'No followers yet' : 'Not following anyone yet'}</p>
          </div>
        ) : (
          <ul className="grid gap-0.5">
            {people.map((person) => (
              <li key={person.id}><PersonRow user={person} onNavigate={onNavigate} /></li>
            ))}
          </ul>
        )}
        {query.isFetchingNextPage && <div className="flex justify-center py-3"><Spinner label="Loading more" /></div>}
      </div>
    </>
  );
}
