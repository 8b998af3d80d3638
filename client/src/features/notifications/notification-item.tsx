import type { NotificationDto, NotificationType } from '@contract/notifications';
import { screens } from '@contract/screens';
import { Archive, AtSign, Bookmark, Eye, Flag, FolderInput, HardDrive, Heart, MessageCircle, Reply, UserPlus, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { relativeAge } from '@/features/files/format';
import { ProfileAvatar } from '@/features/profiles/profile-avatar';
import { cn } from '@/lib/utils';
import { useInviteAnswer, useMarkRead } from './notification-queries';
import { itemTarget } from './notification-rules';

const icons: Record<NotificationType, { icon: LucideIcon; tone: string }> = {
  like: { icon: Heart, tone: 'bg-rose-500/12 text-rose-600 dark:text-rose-400' },
  comment: { icon: MessageCircle, tone: 'bg-sky-500/12 text-sky-600 dark:text-sky-400' },
  reply: { icon: Reply, tone: 'bg-indigo-500/12 text-indigo-600 dark:text-indigo-400' },
  view: { icon: Eye, tone: 'bg-amber-500/12 text-amber-600 dark:text-amber-400' },
  save: { icon: Bookmark, tone: 'bg-emerald-500/12 text-emerald-600 dark:text-emerald-400' },
  follow: { icon: UserPlus, tone: 'bg-violet-500/12 text-violet-600 dark:text-violet-400' },
  folder_invite: { icon: FolderInput, tone: 'bg-fuchsia-500/12 text-fuchsia-600 dark:text-fuchsia-400' },
  archive_ready: { icon: Archive, tone: 'bg-teal-500/12 text-teal-600 dark:text-teal-400' },
  storage_almost_full: { icon: HardDrive, tone: 'bg-orange-500/12 text-orange-600 dark:text-orange-400' },
  member_storage_full: { icon: HardDrive, tone: 'bg-orange-500/12 text-orange-600 dark:text-orange-400' },
  mention: { icon: AtSign, tone: 'bg-orange-500/12 text-orange-600 dark:text-orange-400' },
  report_resolved: { icon: Flag, tone: 'bg-slate-500/12 text-slate-600 dark:text-slate-400' },
};

const answered: Partial<Record<NonNullable<NotificationDto['inviteStatus']>, string>> = {
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  revoked: 'No longer available',
};

/** One notification: icon, message, relative time, unread dot, and the buttons of its kind. */
export function NotificationItem({ item }: { item: NotificationDto }) {
  const [, navigate] = useLocation();
  const markRead = useMarkRead();
  const target = itemTarget(item);
  const { icon: Icon, tone } = icons[item.type];

  function open() {
    if (!item.isRead) markRead.mutate(item);
    if (target) navigate(target);
  }

  const body = (
    <>
      {item.fromUser ? (
        // Who did it, with what they did as a badge on the picture.
        <span className="relative shrink-0">
          <ProfileAvatar user={item.fromUser} className="size-10" />
          <span className="absolute -right-1.5 -bottom-1.5 rounded-full bg-card p-0.5" data-testid="notification-kind">
            <span className={cn('flex size-5 items-center justify-center rounded-full', tone)}>
              <Icon className="size-3" aria-hidden />
            </span>
          </span>
        </span>
      ) : (
        <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', tone)}>
          <Icon className="size-[18px]" aria-hidden />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm leading-snug break-words', item.isRead ? 'text-muted-foreground' : 'font-medium text-foreground')}>{item.message}</span>
        <time dateTime={item.createdAt} className="mt-1 block text-xs text-muted-foreground">
          {relativeAge(item.createdAt)}
        </time>
      </span>
      {item.fileThumbnailUrl && (
        <img src={item.fileThumbnailUrl} alt="" loading="lazy" decoding="async" className="size-12 shrink-0 rounded-lg border border-border/60 object-cover" data-testid="notification-thumbnail" />
      )}
      {!item.isRead && <span data-testid="unread-dot" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary" aria-label="Unread" role="img" />}
    </>
  );

  return (
    <li className={cn('group relative rounded-xl transition-colors', !item.isRead && 'bg-accent/40')} data-testid="notification-item" data-type={item.type}>
      {target ? (
        <button type="button" onClick={open} className="flex w-full cursor-pointer items-start gap-3 rounded-xl p-3 text-left hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          {body}
        </button>
      ) : (
        <div className="flex items-start gap-3 p-3">{body}</div>
      )}
      <ItemActions item={item} onAct={() => !item.isRead && markRead.mutate(item)} />
    </li>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap gap-2 pr-3 pb-3 pl-16">{children}</div>;
}

/** View File / View Folder on save items; Accept / Decline on a pending folder invite. */
function ItemActions({ item, onAct }: { item: NotificationDto; onAct: () => void }) {
  const answer = useInviteAnswer();
  if (item.type === 'save') {
    return (
      <Actions>
        {item.fileId && (
          <Button asChild variant="outline" size="sm" onClick={onAct}>
            <Link href={screens.file(item.fileId)}>View File</Link>
          </Button>
        )}
        {/* A folder the member may not open gets no button at all, rather than a dead one. */}
        {item.folderId !== null && (
          <Button asChild variant="outline" size="sm" onClick={onAct}>
            <Link href={screens.folder(item.folderId)}>View Folder</Link>
          </Button>
        )}
      </Actions>
    );
  }
  if (item.type !== 'folder_invite') return null;
  if (item.inviteStatus && item.inviteStatus !== 'pending') {
    return (
      <Actions>
        <span className="rounded-full bg-muted px-2.5 py-1 text-xs font-medium text-muted-foreground">{answered[item.inviteStatus]}</span>
      </Actions>
    );
  }
  const busy = answer.isPending;
  return (
    <Actions>
      <Button size="sm" disabled={busy} onClick={() => answer.mutate({ item, accept: true })}>
        Accept
      </Button>
      <Button variant="outline" size="sm" disabled={busy} onClick={() => answer.mutate({ item, accept: false })}>
        Decline
      </Button>
    </Actions>
  );
}
