import { useQuery } from '@tanstack/react-query';
import { adminStatsMessages as m, type AdminStats } from '@contract/admin-stats';
import { screens } from '@contract/screens';
import { formatStorageSize } from '@contract/storage-size';
import { Activity, ClipboardList, Cpu, Flag, HardDrive, ShieldAlert, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { endpointQuery } from '@/lib/call';
import { UploadsChart } from './uploads-chart';

const statsQuery = endpointQuery('getAdminStats');

function Stat({ icon: Icon, title, value, children }: { icon: LucideIcon; title: string; value: string; children?: ReactNode }) {
  return (
    <Card className="grid content-start gap-1 p-4" data-testid={`stat-${title.toLowerCase().replace(/\s+/g, '-')}`}>
      <h3 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Icon className="size-4" aria-hidden />
        {title}
      </h3>
      <p className="text-2xl font-semibold tracking-tight tabular-nums">{value}</p>
      {children && <p className="text-xs text-muted-foreground">{children}</p>}
    </Card>
  );
}

function age(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

function BiggestMembers({ members, total }: { members: AdminStats['storage']['biggestMembers']; total: number }) {
  if (members.length === 0) return <p className="text-sm text-muted-foreground">Nobody has uploaded yet.</p>;
  const top = members[0].bytes || 1;
  return (
    <ol className="grid gap-2.5">
      {members.map((member) => (
        <li key={member.id} className="grid gap-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <Link href={screens.profile(member.id)} className="truncate font-medium hover:underline">@{member.username}</Link>
            <span className="shrink-0 tabular-nums text-muted-foreground">
              {formatStorageSize(member.bytes)} · {member.files} {member.files === 1 ? 'file' : 'files'}
            </span>
          </div>
          <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
            <div className="h-full rounded-full bg-primary/70" style={{ width: `${(member.bytes / top) * 100}%` }} />
          </div>
        </li>
      ))}
      <li className="text-xs text-muted-foreground">Of {formatStorageSize(total)} of originals in all.</li>
    </ol>
  );
}

/** The first tab of /admin: who is here, what they upload, what it weighs, and what the machine is doing. */
export function AdminDashboard() {
  const stats = useQuery({ ...statsQuery, refetchInterval: 30_000 });
  if (stats.isPending) return <div className="flex justify-center py-24"><Spinner className="size-7" label="Loading the dashboard" /></div>;
  if (stats.isError) {
    return (
      <EmptyState icon={ShieldAlert} tone="muted" title="Error" text={m.loadFailed}>
        <Button variant="outline" onClick={() => void stats.refetch()}>Try again</Button>
      </EmptyState>
    );
  }
  const s = stats.data;
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Stat icon={Users} title="Members" value={s.members.total.toLocaleString()}>
          {s.members.newThisWeek} new, {s.members.activeThisWeek} active this week
        </Stat>
        <Stat icon={HardDrive} title="Storage" value={formatStorageSize(s.storage.originalBytes)}>
          originals, plus {formatStorageSize(s.storage.derivedBytes)} of previews
        </Stat>
        <Stat icon={ClipboardList} title="Waitlist" value={s.waitlistPending.toLocaleString()}>
          {s.waitlistPending === 1 ? 'application waits' : 'applications wait'}
        </Stat>
        <Stat icon={Flag} title="Open reports" value={s.openReports.toLocaleString()}>
          {s.openReports === 1 ? 'report waits for an admin' : 'reports wait for an admin'}
        </Stat>
        <Stat icon={Cpu} title="Job queue" value={s.jobs.waiting.toLocaleString()}>
          {s.jobs.waiting ? `waiting, oldest ${age(s.jobs.oldestSeconds)}` : 'waiting'} · {s.jobs.failedToday} failed today
        </Stat>
      </div>
      <Card className="grid gap-3 p-4 sm:p-5">
        <div className="flex items-baseline justify-between gap-3">
          <h3 className="font-semibold">Uploads per day</h3>
          <span className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="live-streams">
            <Activity className="size-3.5" aria-hidden />
            {s.liveStreams} live {s.liveStreams === 1 ? 'stream' : 'streams'} open
          </span>
        </div>
        <UploadsChart days={s.uploadsPerDay} />
      </Card>
      <Card className="grid gap-3 p-4 sm:p-5">
        <h3 className="font-semibold">Biggest members by storage</h3>
        <BiggestMembers members={s.storage.biggestMembers} total={s.storage.originalBytes} />
      </Card>
    </div>
  );
}
