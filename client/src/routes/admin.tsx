import { useState } from 'react';
import { ClipboardList, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { adminMessages } from '@contract/admin';
import type { CurrentUser } from '@contract/users';
import { screens } from '@contract/screens';
import { AppLayout } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { WaitlistCard } from '@/features/admin/waitlist-card';
import { useDecision, useWaitlist, type Decision } from '@/features/admin/use-waitlist';
import { useInfiniteScroll } from '@/features/files/use-infinite-scroll';
import { useDocumentTitle } from '@/lib/document-title';

const LIST_THRESHOLD_PX = 500;

function WaitlistManagement() {
  const list = useWaitlist();
  const decision = useDecision();
  const [acting, setActing] = useState<{ id: number; decision: Decision } | null>(null);
  const applications = list.data?.pages.flat() ?? [];
  useInfiniteScroll({
    hasMore: list.hasNextPage,
    isFetching: list.isFetching,
    loadMore: () => void list.fetchNextPage(),
    threshold: LIST_THRESHOLD_PX,
    itemCount: applications.length,
  });

  function decide(id: number, d: Decision) {
    setActing({ id, decision: d });
    decision.mutate({ id, decision: d }, { onSettled: () => setActing(null) });
  }

  if (list.isPending) return <div className="flex justify-center py-24"><Spinner className="size-7" label="Loading applications" /></div>;
  if (list.isError) return <EmptyState icon={ShieldAlert} tone="muted" title="Error" text={adminMessages.loadFailed}><Button variant="outline" onClick={() => void list.refetch()}>Try again</Button></EmptyState>;
  if (applications.length === 0) return <EmptyState icon={ClipboardList} title={adminMessages.empty} text="New sign-ups appear here while registration runs in waitlist mode." />;
  return (
    <>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {applications.map((a) => (
          <li key={a.id}>
            <WaitlistCard
              application={a}
              busy={decision.isPending}
              pending={acting?.id === a.id ? acting.decision : null}
              onDecide={(d) => decide(a.id, d)}
            />
          </li>
        ))}
      </ul>
      {list.isFetchingNextPage && <div className="flex justify-center py-6"><Spinner label="Loading more applications" /></div>}
    </>
  );
}

/** /admin: the 'Waitlist Management' page (spec 2 §2); members who are not admins are told it is not for them. */
export function AdminPage({ user }: { user: CurrentUser }) {
  useDocumentTitle(adminMessages.title);
  return (
    <AppLayout user={user}>
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        {user.isAdmin ? (
          <>
            <div className="mb-8">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{adminMessages.title}</h1>
              <p className="mt-1 text-muted-foreground">Review who asked to join Kaleido. Each decision is mailed to the applicant.</p>
            </div>
            <WaitlistManagement />
          </>
        ) : (
          <EmptyState icon={ShieldAlert} tone="muted" heading="h1" title={adminMessages.accessDenied} text={adminMessages.adminsOnly}>
            <Button asChild variant="outline"><Link href={screens.home()}>Back to Home</Link></Button>
          </EmptyState>
        )}
      </div>
    </AppLayout>
  );
}
