import { CheckCircle2, ScrollText, ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { relativeAge } from '@/features/files/format';
import { useInfiniteScroll } from '@/features/files/use-infinite-scroll';
import { ReportCard } from './report-card';
import { useAuditLog, useReportQueue } from './use-moderation';

const LIST_THRESHOLD_PX = 500;

/** The Reports tab: open reports grouped by target, oldest first, paged as the list scrolls. */
export function ReportQueue() {
  const list = useReportQueue();
  const groups = list.data?.pages.flat() ?? [];
  useInfiniteScroll({ hasMore: list.hasNextPage, isFetching: list.isFetching, loadMore: () => void list.fetchNextPage(), threshold: LIST_THRESHOLD_PX, itemCount: groups.length });
  if (list.isPending) return <div className="flex justify-center py-24"><Spinner className="size-7" label="Loading reports" /></div>;
  if (list.isError) return <EmptyState icon={ShieldAlert} tone="muted" title="Error" text="Failed to load reports"><Button variant="outline" onClick={() => void list.refetch()}>Try again</Button></EmptyState>;
  if (!groups.length) return <EmptyState icon={CheckCircle2} title="No open reports" text="When members report a file, comment, folder, member or message, it appears here." />;
  return (
    <ul className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {groups.map((g) => (
        <li key={`${g.targetType}:${g.targetId}`}><ReportCard group={g} /></li>
      ))}
    </ul>
  );
}

/** The Audit tab: every admin action, newest first; nothing here can be edited or deleted. */
export function AuditLog() {
  const list = useAuditLog();
  const entries = list.data?.pages.flat() ?? [];
  useInfiniteScroll({ hasMore: list.hasNextPage, isFetching: list.isFetching, loadMore: () => void list.fetchNextPage(), threshold: LIST_THRESHOLD_PX, itemCount: entries.length });
  if (list.isPending) return <div className="flex justify-center py-24"><Spinner className="size-7" label="Loading the audit log" /></div>;
  if (!entries.length) return <EmptyState icon={ScrollText} title="No admin actions yet" text="Every moderation action is recorded here." />;
  return (
    <ol className="divide-y rounded-xl border" aria-label="Audit log">
      {entries.map((e) => (
        <li key={e.id} className="grid gap-0.5 px-4 py-3 text-sm" data-testid="audit-entry">
          <p>
            <span className="font-semibold">@{e.admin?.username ?? 'former admin'}</span> {e.action} on {e.targetType} #{e.targetId}
            <span className="text-muted-foreground"> · {relativeAge(e.createdAt)}</span>
          </p>
          {e.reason && <p className="text-muted-foreground break-words">“{e.reason}”</p>}
        </li>
      ))}
    </ol>
  );
}
