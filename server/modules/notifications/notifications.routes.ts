import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, idParam } from '../../../contract/common';
import { notificationPage, notificationsQuery, unreadResponse } from '../../../contract/notifications';
import { requireUser } from '../../plugins/session';
import type { NotificationsService } from './notifications.service';

const tags = ['notifications'];

/** The member's own notifications (spec 2 §7); another member's id answers 404 and changes nothing. */
export async function notificationsRoutes(app: FastifyInstance, d: { notifications: NotificationsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/notifications', { schema: { tags, querystring: notificationsQuery, response: { 200: notificationPage, 401: errorResponse } } }, async (request) =>
    d.notifications.list(requireUser(request), request.query),
  );

  r.patch('/api/notifications/:id/read', { schema: { tags, params: idParam, response: { 200: unreadResponse, 404: errorResponse } } }, async (request) => ({
    unreadCount: await d.notifications.markRead(requireUser(request), request.params.id),
  }));

  r.put('/api/notifications/mark-all-read', { schema: { tags, response: { 200: unreadResponse, 401: errorResponse } } }, async (request) => ({
    unreadCount: await d.notifications.markAllRead(requireUser(request)),
  }));
}
