import { format } from 'date-fns';
import { CalendarClock, CheckCircle2, Clock, FolderOpen, Link2Off } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { screens } from '@contract/screens';
import { Button, buttonVariants } from '@/components/ui/button';
import { PersonAvatar } from '@/features/files/file-meta';
import { displayName } from '@/lib/user-display';
import { cn } from '@/lib/utils';
import { roleDescription, roleLabel } from './folder-rules';
import type { InviteDto } from './folder-types';

function BackToHome({ primary = false }: { primary?: boolean }) {
  return <Link href={screens.home()} className={cn(buttonVariants({ variant: primary ? 'default' : 'ghost' }), 'w-full sm:w-auto')}>Back to Home</Link>;
}

export function InviteShell({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16">{children}</div>;
}

/** 'Invalid Invite', 'Expired Invite' or 'Action Completed': an icon, a title, a line and Back to Home. */
export function InviteMessage({ kind, text }: { kind: 'invalid' | 'expired' | 'done'; text: string }) {
  const Icon = kind === 'done' ? CheckCircle2 : kind === 'expired' ? Clock : Link2Off;
  const title = kind === 'done' ? 'Action Completed' : kind === 'expired' ? 'Expired Invite' : 'Invalid Invite';
  return (
    <div className="flex flex-col items-center rounded-3xl border bg-card px-6 py-12 text-center shadow-sm">
      <span className={cn('mb-5 flex size-16 items-center justify-center rounded-2xl', kind === 'done' ? 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400' : 'bg-muted text-muted-foreground')}>
        <Icon className="size-8" aria-hidden />
      </span>
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2 max-w-sm text-muted-foreground" aria-live="polite">{text}</p>
      <div className="mt-6"><BackToHome primary /></div>
    </div>
  );
}

/** The invite's details: folder, inviter, role and what it allows, expiry, actions. */
export function InviteDetails({ invite, onAccept, onDecline, pending, signedIn }: { invite: InviteDto; onAccept: () => void; onDecline: () => void; pending: 'accept' | 'decline' | null; signedIn: boolean }) {
  return (
    <article className="overflow-hidden rounded-3xl border bg-card shadow-sm">
      <div className="bg-brand-gradient px-6 py-8 text-white">
        <p className="text-sm font-medium text-white/85">You're invited to collaborate on</p>
        <h1 className="mt-1 flex items-center gap-2.5 text-2xl font-bold tracking-tight break-words">
          <FolderOpen className="size-7 shrink-0" aria-hidden />
          {invite.folder.name}
        </h1>
        {invite.folder.description && <p className="mt-3 break-words text-white/90">{invite.folder.description}</p>}
      </div>
      <div className="space-y-5 px-6 py-6">
        <div className="flex items-center gap-3">
          <PersonAvatar user={invite.inviter} className="size-10" />
          <p className="text-sm"><span className="font-semibold">{displayName(invite.inviter)}</span> <span className="text-muted-foreground">invited you</span></p>
        </div>
        <div className="rounded-2xl bg-muted/60 p-4">
          <span className="inline-flex rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground" data-testid="invite-role">{roleLabel(invite.role)}</span>
          <p className="mt-2 text-sm">{roleDescription(invite.role)}</p>
        </div>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarClock className="size-4" aria-hidden />
          Expires {format(new Date(invite.expiresAt), "MMM d, yyyy 'at' h:mm a")}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button onClick={onAccept} disabled={pending !== null} className="sm:flex-1">{pending === 'accept' ? 'Accepting...' : 'Accept Invitation'}</Button>
          <Button variant="outline" onClick={onDecline} disabled={pending !== null}>{pending === 'decline' ? 'Declining...' : 'Decline'}</Button>
          <BackToHome />
        </div>
        {!signedIn && <p className="text-center text-xs text-muted-foreground">You'll sign in first, then come back here to answer.</p>}
      </div>
    </article>
  );
}
