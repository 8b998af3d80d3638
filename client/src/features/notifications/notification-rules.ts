import type { NotificationDto } from '@contract/notifications';
import { screens } from '@contract/screens';

/**
 * Where clicking an item goes (spec 2 §2): like, comment, reply, view → the file; follow → the
 * sender's profile; save and folder_invite items do not navigate (they have their own buttons).
 */
export function itemTarget(n: Pick<NotificationDto, 'type' | 'fileId' | 'fromUserId'>): string | null {
  if (n.type === 'save' || n.type === 'folder_invite') return null;
  // The member's data archive downloads from Settings → Download my data.
  if (n.type === 'archive_ready') return screens.settings('data');
  if (n.type === 'follow') return n.fromUserId ? screens.profile(n.fromUserId) : null;
  return n.fileId ? screens.file(n.fileId) : null;
}
