import type { NotificationPage } from '../../../contract/notifications';
import { notificationMessages } from '../../../contract/notifications';
import type { Viewer } from '../../access/visibility';
import type { JobQueue } from '../../jobs/queue';
import { NotFoundError } from '../../lib/errors';
import type { LiveHub } from '../../live/live-hub';
import type { FoldersRepo } from '../folders/folders.repo';
import { memberName, toNotificationDto } from './notifications.presenter';
import type { NotificationsRepo } from './notifications.repo';

type Member = { id: number };
type Deps = {
  repo: NotificationsRepo;
  queue: Pick<JobQueue, 'send'>;
  live: LiveHub;
  folders: Pick<FoldersRepo, 'findVisibleByIds'>;
};

const asViewer = (id: number): Viewer => ({ id });

/**
 * A member's own notifications: the list, marking read, the unread count. Notifications are
 * made by the handlers of the social events (notification-events.ts), never in a request.
 */
export function createNotificationsService(d: Deps) {
  async function publishUnread(userId: number): Promise<number> {
    const unreadCount = await d.repo.unreadCount(userId);
    d.live.publish(userId, { type: 'unread', data: { notifications: unreadCount } });
    return unreadCount;
  }

  return {
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

    unreadCount: (userId: number) => d.repo.unreadCount(userId),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
