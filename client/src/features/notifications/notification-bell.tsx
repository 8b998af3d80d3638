import { Bell } from 'lucide-react';
import { useLocation } from 'wouter';
import { screenPaths, screens } from '@contract/screens';
import { HeaderBadgeLink } from '@/components/header-badge-link';
import { useUnreadCount } from './notification-queries';

/** The header bell: links to /notifications, with the unread badge. */
export function NotificationBell() {
  const [location] = useLocation();
  return <HeaderBadgeLink href={screens.notifications()} icon={Bell} label="Notifications" unread={useUnreadCount()} badgeTestId="notification-badge" highlight={location === screenPaths.notifications ? 'page' : undefined} />;
}
