import { z } from 'zod';
import { pageQuery } from './common';
import { inviteStatus } from './folders';
import { notificationTypes } from './notification-paths';

// The types and messages live without zod, for the client's first script (decision 023).
export { notificationMessages, notificationTypes } from './notification-paths';

// Notifications (docs/decisions/012-notifications.md).

export const notificationType = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationType>;

/** The member who caused it, as the list shows them (never their email). */
export const notificationActor = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});

/**
 * One item of the list: the spec's fields, plus `count` (unread likes or views of one file
 * read as one item: `id` is then the newest row's, and marking it read marks the group),
 * `fromUser` for the avatar, and `inviteStatus` so a folder-invite item answered elsewhere
 * shows no Accept/Decline. `folderId` is null when the member may not see that folder.
 */
export const notificationDto = z.object({
  id: z.number().int(),
  type: notificationType,
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  fileId: z.number().int().nullable(),
  /** The file's thumbnail when the member may see the file (decision 030), else null. */
  fileThumbnailUrl: z.string().nullable(),
  folderId: z.number().int().nullable(),
  fromUserId: z.number().int().nullable(),
  fromUser: notificationActor.nullable(),
  count: z.number().int().min(1),
  inviteStatus: inviteStatus.nullable(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

/** GET /api/notifications: newest first, `offset`/`limit` counting items (groups), and the unread items. */
export const notificationsQuery = pageQuery;
export const notificationPage = z.object({
  notifications: z.array(notificationDto),
  unreadCount: z.number().int().min(0),
});
export type NotificationPage = z.infer<typeof notificationPage>;

/** PATCH …/{id}/read and PUT …/mark-all-read answer what is left unread. */
export const unreadResponse = z.object({ unreadCount: z.number().int().min(0) });
