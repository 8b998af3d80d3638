import { format } from 'date-fns';
import { Check, Clock, Mail, X } from 'lucide-react';
import { adminMessages, type WaitlistApplication, type WaitlistStatus } from '@contract/admin';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import type { Decision } from './use-waitlist';

const STATUS: Record<WaitlistStatus, { label: string; tone: string }> = {
  pending: { label: 'Pending', tone: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200' },
  approved: { label: 'Approved', tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200' },
  rejected: { label: 'Rejected', tone: 'bg-rose-100 text-rose-900 dark:bg-rose-400/15 dark:text-rose-200' },
};

export function StatusBadge({ status }: { status: WaitlistStatus }) {
  const s = STATUS[status];
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', s.tone)}>{s.label}</span>;
}

type Props = {
  application: WaitlistApplication;
  /** Which button of this card is waiting for the server, if any. */
  pending: Decision | null;
  busy: boolean;
  onDecide(decision: Decision): void;
};

/** One application: who, when, why, and the actions while it is pending. */
export function WaitlistCard({ application: a, pending, busy, onDecide }: Props) {
  const name = `${a.firstName} ${a.lastName}`.trim();
  return (
    <Card className="min-w-0 p-5 sm:p-6">
      {/* One column that may shrink below its content: a long name or email is cut with an
          ellipsis (its full text in the title) instead of widening the card past a phone's screen. */}
      <article aria-label={name} className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1 basis-48">
            <h2 className="truncate text-base font-semibold tracking-tight" title={name}>{name}</h2>
            <p className="mt-0.5 flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
              <Mail className="size-3.5 shrink-0" aria-hidden />
              <a href={`mailto:${a.email}`} title={a.email} className="min-w-0 truncate hover:text-foreground hover:underline">{a.email}</a>
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1.5">
            <StatusBadge status={a.status} />
            <time dateTime={a.createdAt} className="flex items-center gap-1 text-xs text-muted-foreground">
              <Clock className="size-3" aria-hidden />
              {format(new Date(a.createdAt), 'MMM d, yyyy')}
            </time>
          </div>
        </header>
        <section className="rounded-lg bg-muted/50 p-4">
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{adminMessages.reasonLabel}</h3>
          <p className="mt-1.5 text-sm leading-relaxed whitespace-pre-line [overflow-wrap:anywhere]">{a.reason}</p>
        </section>
        {a.status === 'pending' && (
          <footer className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" disabled={busy} onClick={() => onDecide('reject')} aria-label={`Reject ${name}`}>
              {pending === 'reject' ? <Spinner className="size-4 text-current" label="Rejecting" /> : <X aria-hidden />}
              Reject
            </Button>
            <Button disabled={busy} onClick={() => onDecide('approve')} aria-label={`Approve ${name}`}>
              {pending === 'approve' ? <Spinner className="size-4 text-current" label="Approving" /> : <Check aria-hidden />}
              Approve
            </Button>
          </footer>
        )}
        {a.status === 'approved' && a.approvedAt && (
          <p className="text-sm text-emerald-700 dark:text-emerald-300">Approved on {format(new Date(a.approvedAt), "MMM d, yyyy 'at' h:mm a")}</p>
        )}
      </article>
    </Card>
  );
}
