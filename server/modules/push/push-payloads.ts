import type { PushKind, PushPayload } from '../../../contract/push';
import { screens } from '../../../contract/screens';
import type { NotificationRow } from '../notifications/notifications.repo';

/** The likes (or view milestones) of one file are one group, as the bell groups them; every other notification is its own. */
export function groupOf(row: Pick<NotificationRow, 'id' | 'type' | 'fileId'>): { key: string; type: 'like' | 'view'; fileId: number } | null {
  if ((row.type === 'like' || row.type === 'view') && row.fileId !== null) return { key: `${row.type}:${row.fileId}`, type: row.type, fileId: row.fileId };
  return null;
}

const titles: Record<PushKind, string> = {
  like: 'New like',
  comment: 'New comment',
  reply: 'New reply',
  mention: 'You were mentioned',
  view: 'Views',
  save: 'Saved to a folder',
  follow: 'New follower',
  folder_invite: 'Folder invite',
  archive_ready: 'Your data is ready',
  storage_almost_full: 'Storage almost full',
  member_storage_full: 'A member\'s storage is full',
  report_resolved: 'Your report was reviewed',
  message: 'New message',
};

/** Where a click on the push leads: the file, the invite's list, the thread, or the notifications. */
function urlOf(row: Pick<NotificationRow, 'type' | 'fileId' | 'fromUserId'>): string {
  if (row.fileId !== null && row.type !== 'archive_ready') return screens.file(row.fileId);
  if (row.type === 'follow' && row.fromUserId !== null) return screens.profile(row.fromUserId);
  return screens.notifications();
}

/** The push of one notification: its stored line ("Ana Test liked your file "Sunset""). */
export function notificationPayload(row: NotificationRow, message = row.message): PushPayload {
  const group = groupOf(row);
  return { kind: row.type, title: titles[row.type], body: message, url: urlOf(row), tag: group ? `${group.key}` : `n:${row.id}` };
}

/** The push of a direct message: the sender's name and the start of the text; a click opens the thread. */
export function messagePayload(m: { id: number; senderId: number; senderName: string; content: string }): PushPayload {
  const body = m.content.length > 140 ? `${m.content.slice(0, 139)}…` : m.content;
  return { kind: 'message', title: m.senderName, body, url: screens.notifications({ tab: 'messages', user: m.senderId }), tag: `message:${m.senderId}` };
}
