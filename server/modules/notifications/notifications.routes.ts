import type { notificationEndpoints } from '../../../contract/api/notifications';
import type { HandlersFor } from '../../plugins/endpoints';
import type { NotificationsService } from './notifications.service';

/** The member's own notifications; another member's id answers 404 and changes nothing. */
export function notificationHandlers(d: { notifications: NotificationsService }): HandlersFor<Omit<typeof notificationEndpoints, 'liveEvents'>> {
  return {
    listNotifications: async (request) => d.notifications.list(request.user, request.query),
    markNotificationRead: async (request) => ({ unreadCount: await d.notifications.markRead(request.user, request.params.id) }),
    markAllNotificationsRead: async (request) => ({ unreadCount: await d.notifications.markAllRead(request.user) }),
  };
}
