import { errorResponse, idParam } from '../common';
import { endpoint } from '../endpoint';
import { notificationPage, notificationsQuery, unreadResponse } from '../notifications';

const tags = ['notifications'] as const;

/** The member's own notifications and their live stream. */
export const notificationEndpoints = {
  listNotifications: endpoint({
    method: 'GET', path: '/api/notifications', tags, auth: 'member',
    query: notificationsQuery, responses: { 200: notificationPage, 401: errorResponse },
  }),
  markNotificationRead: endpoint({
    method: 'PATCH', path: '/api/notifications/:id/read', tags, auth: 'member',
    params: idParam, responses: { 200: unreadResponse, 404: errorResponse },
  }),
  markAllNotificationsRead: endpoint({
    method: 'PUT', path: '/api/notifications/mark-all-read', tags, auth: 'member',
    responses: { 200: unreadResponse, 401: errorResponse },
  }),
  /** Server-sent events (server/live/events.routes.ts): notifications, unread counts, folder changes. */
  liveEvents: endpoint({ method: 'GET', path: '/api/events', tags, auth: 'member', hidden: true, responses: {} }),
};
