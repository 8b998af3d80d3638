import { useState } from 'react';
import { EyeOff, Flag, Trash2, UserX, X } from 'lucide-react';
import { Link } from 'wouter';
import type { ReportAction, ReportGroup } from '@contract/safety';
import { screens } from '@contract/screens';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { relativeAge } from '@/features/files/format';
import { useResolveReport } from './use-moderation';

const ACTIONS: { action: ReportAction; label: string; icon: typeof X; variant: 'outline' | 'destructive'; fits: (g: ReportGroup) => boolean }[] = [
  { action: 'dismiss', label: 'Dismiss', icon: X, variant: 'outline', fits: () => true },
  { action: 'sensitive', label: 'Mark sensitive', icon: EyeOff, variant: 'outline', fits: (g) => g.targetType === 'file' },
  { action: 'remove', label: 'Remove', icon: Trash2, variant: 'destructive', fits: (g) => ['file', 'comment', 'folder'].includes(g.targetType) },
  { action: 'suspend', label: 'Suspend member', icon: UserX, variant: 'destructive', fits: (g) => g.owner !== null && !g.owner.isSuspended },
];

/** One reported target: its content in place, how many reported it and why, and the admin's actions. */
export function ReportCard({ group }: { group: ReportGroup }) {
  const resolve = useResolveReport();
  const [reason, setReason] = useState('');
  const { content } = group;
  return (
    <Card className="grid gap-4 p-5" data-testid="report-group">
      <div className="flex items-start gap-4">
        {content.imageUrl ? (
          <img src={content.imageUrl} alt="" className="size-20 shrink-0 rounded-lg object-cover" />
        ) : (
          <span className="flex size-20 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground"><Flag className="size-6" aria-hidden /></span>
        )}
        <div className="grid min-w-0 gap-1">
          <p className="text-xs font-medium text-muted-foreground">
            <span className="tracking-wide uppercase">{group.targetType}</span>
            {group.owner && <> · by <Link className="underline" href={screens.profile(group.owner.id)}>@{group.owner.username}</Link>{group.owner.isSuspended && ' (suspended)'}</>}
          </p>
          <p className="truncate font-semibold">{content.link ? <Link className="hover:underline" href={content.link}>{content.title}</Link> : content.title}</p>
          {content.text && <p className="line-clamp-3 text-sm break-words whitespace-pre-wrap text-foreground/85">{content.text}</p>}
        </div>
      </div>
      <div className="grid gap-1.5 text-sm">
        <p>
          <span className="font-semibold">{group.reportCount} {group.reportCount === 1 ? 'report' : 'reports'}</span>
          <span className="text-muted-foreground"> · first {relativeAge(group.firstReportedAt)} · </span>
          {group.reasons.map((r) => `${r.reason}${r.count > 1 ? ` ×${r.count}` : ''}`).join(', ')}
        </p>
        {group.notes.map((note, i) => (
          <blockquote key={i} className="border-l-2 pl-3 text-muted-foreground break-words">{note}</blockquote>
        ))}
      </div>
      <Input value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Reason (kept in the audit log)" aria-label="Reason for the action" maxLength={1000} />
      <div className="flex flex-wrap gap-2">
        {ACTIONS.filter((a) => a.fits(group)).map(({ action, label, icon: Icon, variant }) => (
          <Button key={action} size="sm" variant={variant} className="rounded-full" disabled={resolve.isPending} onClick={() => resolve.mutate({ reportId: group.reportId, action, reason })}>
            <Icon aria-hidden />
            {label}
          </Button>
        ))}
      </div>
    </Card>
  );
}
