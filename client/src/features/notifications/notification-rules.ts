import type { NotificationDto } from '@contract/notifications';
import { screens } from '@contract/screens';

/**
 * Where clicking an item goes: like, comment, reply, view → the file; follow → the
 * sender's profile; save and folder_invite items do not navigate (they have their own buttons).
 */
export function itemTarget(n: Pick<NotificationDto, 'type' | 'fileId' | 'fromUserId'>): string | null {
  // A resolved report names no one and links nowhere: its message says the outcome.
  if (n.type === 'save' || n.type === 'folder_invite' || n.type === 'report_resolved') return null;
  // The member's data archive downloads from Settings → Download my data.
  if (n.type === 'archive_ready') return screens.settings('data');
  // Storage: the member's own (Settings → Your data shows the bar); a collaborator's full storage → their profile.
  if (n.type === 'storage_almost_full') return screens.settings('data');
  if (n.type === 'member_storage_full') return n.fromUserId ? screens.profile(n.fromUserId) : null;
  if (n.type === 'follow') return n.fromUserId ? screens.profile(n.fromUserId) : null;
  return n.fileId ? screens.file(n.fileId) : null;
}
