import { useState } from 'react';
import { ClipboardList, ShieldAlert } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { adminMessages } from '@contract/admin';
import { adminStatsMessages } from '@contract/admin-stats';
import type { CurrentUser } from '@contract/users';
import { adminTabs, screens, type AdminTab } from '@contract/screens';
import { AppLayout } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AdminDashboard } from '@/features/admin/admin-dashboard';
import { AuditLog, ReportQueue } from '@/features/admin/moderation-tabs';
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

function tabOf(search: string): AdminTab {
  const tab = new URLSearchParams(search).get('tab');
  return adminTabs.find((t) => t === tab) ?? 'dashboard';
}

/** The dashboard first, the waitlist second; the tab is in the address (`?tab=waitlist`), so links and Back reach it. */
function AdminTabs() {
  const tab = tabOf(useSearch());
  const [, navigate] = useLocation();
  useDocumentTitle(tab === 'waitlist' ? adminMessages.title : tab === 'reports' ? 'Reports' : tab === 'audit' ? 'Audit log' : adminStatsMessages.title);
  return (
    <Tabs value={tab} onValueChange={(value) => navigate(screens.admin(value === 'dashboard' ? undefined : { tab: value as AdminTab }), { replace: true })}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Admin</h1>
        <TabsList aria-label="Admin sections">
          <TabsTrigger value="dashboard">{adminStatsMessages.title}</TabsTrigger>
          <TabsTrigger value="waitlist">Waitlist</TabsTrigger>
          <TabsTrigger value="reports">Reports</TabsTrigger>
          <TabsTrigger value="audit">Audit</TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="dashboard">
        <AdminDashboard />
      </TabsContent>
      <TabsContent value="waitlist">
        <div className="mx-auto max-w-3xl">
          <div className="mb-8">
            <h2 className="text-xl font-semibold tracking-tight">{adminMessages.title}</h2>
            <p className="mt-1 text-muted-foreground">Review who asked to join Kaleido. Each decision is mailed to the applicant.</p>
          </div>
          <WaitlistManagement />
        </div>
      </TabsContent>
      <TabsContent value="reports">
        <div className="mx-auto max-w-3xl">
          <div className="mb-6">
            <h2 className="text-xl font-semibold tracking-tight">Reports</h2>
            <p className="mt-1 text-muted-foreground">Oldest first. An action resolves every report on the same content; reporters are told the outcome, not who acted.</p>
          </div>
          <ReportQueue />
        </div>
      </TabsContent>
      <TabsContent value="audit">
        <div className="mx-auto max-w-3xl">
          <h2 className="mb-6 text-xl font-semibold tracking-tight">Audit log</h2>
          <AuditLog />
        </div>
      </TabsContent>
    </Tabs>
  );
}

function NotForMembers() {
  useDocumentTitle(adminMessages.title);
  return (
    <EmptyState icon={ShieldAlert} tone="muted" heading="h1" title={adminMessages.accessDenied} text={adminMessages.adminsOnly}>
      <Button asChild variant="outline"><Link href={screens.home()}>Back to Home</Link></Button>
    </EmptyState>
  );
}

/** /admin: the dashboard, then 'Waitlist Management'; members who are not admins are told it is not for them. */
export function AdminPage({ user }: { user: CurrentUser }) {
  return (
    <AppLayout user={user}>
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
        {user.isAdmin ? (
          <AdminTabs />
        ) : (
          <NotForMembers />
        )}
      </div>
    </AppLayout>
  );
}
