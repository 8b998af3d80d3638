import type { NotificationDto } from '../../../contract/notifications';
import { canViewFile } from '../../access/visibility';
import { uploadUrl } from '../files/files.presenter';
import { inviteStatusOf } from '../folders/folders.presenter';
import { avatarUrl } from '../users/users.presenter';
import type { NotificationItem, NotificationRow } from './notifications.repo';

type Named = { firstName: string | null; lastName: string | null; username: string };

/** First plus last name when both exist, else the username (the client's displayName; never the email). */
export function memberName(u: Named): string {
  return u.firstName && u.lastName ? `${u.firstName} ${u.lastName}` : u.username;
}

/** The readable line stored with each notification (and mailed); names are the ones at the time. */
export const notificationText = {
  like: (actor: string, file: string) => `${actor} liked your file "${file}"`,
  comment: (actor: string, file: string) => `${actor} commented on your file "${file}"`,
  reply: (actor: string, file: string) => `${actor} also commented on "${file}"`,
  mention: (actor: string, file: string) => `${actor} mentioned you on "${file}"`,
  follow: (actor: string) => `${actor} started following you`,
  /** The folder is named only when the file's owner may see it (a private folder's name never leaks). */
  save: (actor: string, file: string, folder: string | null) => `${actor} saved your file "${file}" to ${folder === null ? 'a folder' : `"${folder}"`}`,
  folderInvite: (actor: string, folder: string) => `${actor} invited you to the folder "${folder}"`,
  view: (file: string, milestone: number) => `Your file "${file}" reached ${milestone.toLocaleString('en-US')} views`,
  /** A group of likes, newest actor first: 'Ana and Bob liked', 'Ana and 4 others liked'. */
  likes: (names: string[], count: number, file: string) => {
    const others = count - 1;
    const rest = others === 1 && names[1] ? names[1] : `${others} ${others === 1 ? 'other' : 'others'}`;
    return `${names[0]} and ${rest} liked "${file}"`;
  },
};

/** A group of likes reads as one line; any other item keeps its stored line. */
function itemMessage(item: NotificationItem, names: Map<number, string>): string {
  const { row, count, actorIds, fileName } = item;
  if (row.type !== 'like' || count < 2 || fileName === null) return row.message;
  const actors = actorIds.map((id) => names.get(id)).filter((n): n is string => n !== undefined);
  return actors.length ? notificationText.likes(actors, count, fileName) : row.message;
}

/**
 * The file's thumbnail, only when the member may see the file now (their own, or public and not
 * NSFW): a notification never shows what the file rule hides.
 */
function thumbnailOf(item: NotificationItem): string | null {
  const file = item.file;
  if (!file?.thumbnailKey) return null;
  const own = file.userId === item.row.userId;
  return canViewFile(file, { id: item.row.userId }, { excludeNsfw: !own }) ? uploadUrl(file.thumbnailKey) : null;
}

/**
 * The list item. `visibleFolderIds`: the folders this member may see now (server/access via the
 * folders repo); any other folder id is left out so a hidden folder is not even pointed at.
 */
export function toNotificationDto(item: NotificationItem, names: Map<number, string>, visibleFolderIds: Set<number>): NotificationDto {
  const { row, fromUser } = item;
  return {
    id: row.id,
    type: row.type,
    message: itemMessage(item, names),
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    fileId: row.fileId,
    fileThumbnailUrl: thumbnailOf(item),
    folderId: row.folderId !== null && visibleFolderIds.has(row.folderId) ? row.folderId : null,
    fromUserId: row.fromUserId,
    fromUser: fromUser
      ? { id: fromUser.id, username: fromUser.username, firstName: fromUser.firstName, lastName: fromUser.lastName, profileImageUrl: avatarUrl(fromUser.profileImageKey) }
      : null,
    count: item.count,
    inviteStatus: item.invite ? inviteStatusOf(item.invite) : null,
  };
}

/** A just-inserted row as a one-item list entry (the live `notification` event). */
export function singleItem(row: NotificationRow, extra: Omit<NotificationItem, 'row' | 'count' | 'actorIds'>): NotificationItem {
  return { row, count: 1, actorIds: row.fromUserId ? [row.fromUserId] : [], ...extra };
}
