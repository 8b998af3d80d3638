import type { FastifyBaseLogger } from 'fastify';
import type { NotificationPage } from '../../../contract/notifications';
import { notificationMessages } from '../../../contract/notifications';
import { findVisibleFile, type Viewer } from '../../access/visibility';
import type { JobQueue } from '../../jobs/queue';
import { NotFoundError } from '../../lib/errors';
import type { LiveHub } from '../../live/live-hub';
import type { FilesRepo } from '../files/files.repo';
import type { FoldersRepo } from '../folders/folders.repo';
import { memberName, notificationText, singleItem, toNotificationDto } from './notifications.presenter';
import type { NewNotification, NotificationItem, NotificationsRepo } from './notifications.repo';

type Member = { id: number; username: string; firstName: string | null; lastName: string | null; profileImageKey: string | null };
type File = { id: number; userId: number; name: string };
type Folder = { id: number; name: string };
type Deps = {
  repo: NotificationsRepo;
  queue: Pick<JobQueue, 'send'>;
  live: LiveHub;
  files: Pick<FilesRepo, 'findOneWhere'>;
  folders: Pick<FoldersRepo, 'findVisible' | 'findVisibleByIds'>;
  log: FastifyBaseLogger;
};

/** Earlier commenters told of a new comment, at most: a busy thread must not fan out without bound. */
export const REPLY_FANOUT_MAX = 50;

/** 10, 100, 1000, …: the view counts that notify the owner (DESIGN.md), not every view. */
export function isViewMilestone(total: number): boolean {
  if (total < 10) return false;
  let n = total;
  while (n % 10 === 0) n /= 10;
  return n === 1;
}

const asViewer = (id: number): Viewer => ({ id });

/**
 * Every notification is made here, after the member's write has committed: one row per event
 * (the dedupe key makes a repeat a no-op), never to the actor, the `notification.created` job in
 * the same transaction, then a live event to the recipient's open tabs. A failure is logged and
 * never fails the member's action.
 */
export function createNotificationsService(d: Deps) {
  async function publishUnread(userId: number): Promise<number> {
    const unreadCount = await d.repo.unreadCount(userId);
    d.live.publish(userId, { type: 'unread', data: { notifications: unreadCount } });
    return unreadCount;
  }

  async function create(values: NewNotification, shown: { actor: Member | null; fileName?: string; invite?: NotificationItem['invite'] }): Promise<void> {
    if (values.fromUserId != null && values.fromUserId === values.userId) return;
    const row = await d.repo.insert(values, (r, tx) => d.queue.send('notification.created', { notificationId: r.id }, { tx }));
    if (!row) return;
    const actor = shown.actor;
    const item = singleItem(row, {
      fromUser: actor,
      fileName: shown.fileName ?? null,
      invite: shown.invite ?? null,
    });
    const visibleFolders = new Set(row.folderId !== null ? (await d.folders.findVisibleByIds([row.folderId], asViewer(row.userId))).map((f) => f.id) : []);
    d.live.publish(row.userId, { type: 'notification', data: toNotificationDto(item, new Map(), visibleFolders) });
    await publishUnread(row.userId);
  }

  /** Runs one event's notifications; a failure is logged, never thrown into the member's request. */
  async function safely(event: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      d.log.error({ err, event }, 'notification failed');
    }
  }

  return {
    liked: (file: File, actor: Member) =>
      safely('like', () =>
        create(
          { userId: file.userId, type: 'like', fromUserId: actor.id, fileId: file.id, message: notificationText.like(memberName(actor), file.name), dedupeKey: `like:${file.id}:${actor.id}` },
          { actor, fileName: file.name },
        ),
      ),

    /** 'comment' to the owner; 'reply' to earlier commenters who may still see the file (not the owner, not the actor). */
    commented: (file: File, actor: Member) =>
      safely('comment', async () => {
        const name = memberName(actor);
        await create({ userId: file.userId, type: 'comment', fromUserId: actor.id, fileId: file.id, message: notificationText.comment(name, file.name) }, { actor, fileName: file.name });
        const earlier = await d.repo.commenters(file.id, [file.userId, actor.id], REPLY_FANOUT_MAX);
        const sees = (viewer: Viewer) => findVisibleFile(d.files, file.id, viewer).then(() => true, () => false);
        // What a visitor may see every member may: one lookup instead of one per commenter.
        const everyoneSees = earlier.length > 0 && (await sees(null));
        for (const userId of earlier) {
          if (!everyoneSees && !(await sees(asViewer(userId)))) continue;
          await create({ userId, type: 'reply', fromUserId: actor.id, fileId: file.id, message: notificationText.reply(name, file.name) }, { actor, fileName: file.name });
        }
      }),

    followed: (followeeId: number, actor: Member) =>
      safely('follow', () =>
        create({ userId: followeeId, type: 'follow', fromUserId: actor.id, message: notificationText.follow(memberName(actor)), dedupeKey: `follow:${actor.id}` }, { actor }),
      ),

    /** Another member put the owner's file in a folder. */
    saved: (file: File, folder: Folder, actor: Member) =>
      safely('save', async () => {
        if (file.userId === actor.id) return;
        const ownerSees = (await d.folders.findVisible(folder.id, asViewer(file.userId))) !== null;
        const message = notificationText.save(memberName(actor), file.name, ownerSees ? folder.name : null);
        await create(
          { userId: file.userId, type: 'save', fromUserId: actor.id, fileId: file.id, folderId: folder.id, message, dedupeKey: `save:${file.id}:${folder.id}:${actor.id}` },
          { actor, fileName: file.name },
        );
      }),

    /** An invite addressed to one member. */
    invited: (invite: { id: number; invitedUserId: number | null; status: 'pending'; expiresAt: Date }, folder: Folder, actor: Member) =>
      safely('folder_invite', async () => {
        if (invite.invitedUserId === null) return;
        await create(
          {
            userId: invite.invitedUserId,
            type: 'folder_invite',
            fromUserId: actor.id,
            folderId: folder.id,
            inviteId: invite.id,
            message: notificationText.folderInvite(memberName(actor), folder.name),
            dedupeKey: `invite:${invite.id}`,
          },
          { actor, invite: { status: invite.status, expiresAt: invite.expiresAt } },
        );
      }),

    /** `total`: the file's view count once this view was counted. */
    viewed: (file: File, total: number) =>
      safely('view', async () => {
        if (!isViewMilestone(total)) return;
        await create(
          { userId: file.userId, type: 'view', fileId: file.id, message: notificationText.view(file.name, total), dedupeKey: `view:${file.id}:${total}` },
          { actor: null, fileName: file.name },
        );
      }),

    async list(member: Member, page: { offset: number; limit: number }): Promise<NotificationPage> {
      const [items, unreadCount] = await Promise.all([d.repo.page(member.id, page), d.repo.unreadCount(member.id)]);
      const actors = await d.repo.actors([...new Set(items.filter((i) => i.count > 1).flatMap((i) => i.actorIds))]);
      const names = new Map(actors.map((a) => [a.id, memberName(a)]));
      const folderIds = [...new Set(items.flatMap((i) => (i.row.folderId === null ? [] : [i.row.folderId])))];
      const visible = new Set(folderIds.length ? (await d.folders.findVisibleByIds(folderIds, asViewer(member.id))).map((f) => f.id) : []);
      return { notifications: items.map((i) => toNotificationDto(i, names, visible)), unreadCount };
    },

    /** 404 for an id that is not this member's: nothing changes, nothing is told. */
    async markRead(member: Member, id: number): Promise<number> {
      if (!(await d.repo.markRead(member.id, id))) throw new NotFoundError(notificationMessages.notFound);
      return publishUnread(member.id);
    },

    async markAllRead(member: Member): Promise<number> {
      await d.repo.markAllRead(member.id);
      return publishUnread(member.id);
    },

    /** The invite behind this member's own folder-invite item; 404 for anything else. */
    async inviteIdOf(member: Member, notificationId: number): Promise<number> {
      const row = await d.repo.findOwn(member.id, notificationId);
      if (!row || row.type !== 'folder_invite' || row.inviteId === null) throw new NotFoundError(notificationMessages.notFound);
      return row.inviteId;
    },

    /** Accepted or declined, by token or from the item: its item no longer waits unread. */
    inviteAnswered: (member: Member, inviteId: number) =>
      safely('invite answered', async () => {
        await d.repo.markInviteRead(member.id, inviteId);
        await publishUnread(member.id);
      }),

    unreadCount: (userId: number) => d.repo.unreadCount(userId),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
