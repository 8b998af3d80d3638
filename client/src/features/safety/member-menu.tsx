import { useState, type ReactNode } from 'react';
import { Ban, Flag, MoreHorizontal, VolumeX } from 'lucide-react';
import type { ReportTargetType } from '@contract/safety';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { BlockDialog } from './block-dialog';
import { LazyReportDialog } from './lazy-report-dialog';
import { useMuteMember } from './use-block';

type Member = { id: number; username: string };

/**
 * The "more" menu beside another member's name or content (profile, comment, file): Report,
 * Mute, Block, and whatever the place adds before them (`children`: more DropdownMenuItems).
 */
export function MemberMenu({
  member,
  label,
  report,
  onBlocked,
  children,
  className,
}: {
  member: Member;
  label: string;
  /** What Report names: the member themself, or their comment, file, folder or message. */
  report: { type: ReportTargetType; id: number; noun: string };
  onBlocked?: () => void;
  children?: ReactNode;
  className?: string;
}) {
  const [blocking, setBlocking] = useState(false);
  // The block dialog is mounted once first asked for (then kept, so it closes with its animation):
  // a grid renders one menu per card, and its first screen does without them.
  const [blockAsked, setBlockAsked] = useState(false);
  const [reporting, setReporting] = useState(false);
  const askBlock = () => {
    setBlockAsked(true);
    setBlocking(true);
  };
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={label} className={cn('rounded-full', className)}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {children}
          <DropdownMenuItem onSelect={() => setReporting(true)}>
            <Flag aria-hidden />
            Report {report.noun}
          </DropdownMenuItem>
          <MuteItem member={member} />
          <DropdownMenuItem variant="destructive" onSelect={askBlock}>
            <Ban aria-hidden />
            Block @{member.username}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {blockAsked && <BlockDialog member={member} open={blocking} onOpenChange={setBlocking} onBlocked={onBlocked} />}
      <LazyReportDialog target={report} author={member} open={reporting} onOpenChange={setReporting} />
    </>
  );
}

/** Mute, inside the open menu: its mutation (whose toast outlives the menu) exists only once the menu is opened. */
function MuteItem({ member }: { member: Member }) {
  const mute = useMuteMember(`@${member.username}`);
  return (
    <DropdownMenuItem onSelect={() => mute.mutate({ id: member.id, mute: true })}>
      <VolumeX aria-hidden />
      Mute @{member.username}
    </DropdownMenuItem>
  );
}
