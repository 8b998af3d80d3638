import { MessageCircle } from 'lucide-react';
import { useLocation } from 'wouter';
import { screenPaths, screens } from '@contract/screens';
import { HeaderBadgeLink } from '@/components/header-badge-link';
import { useUnreadMessages } from './use-unread-messages';

/**
 * The header's messages icon beside the bell: opens the Messages panel (/notifications shows
 * both), with a badge of unread messages that appears live on any screen.
 */
export function MessagesLink() {
  const [location] = useLocation();
  return <HeaderBadgeLink href={screens.notifications({ tab: 'messages' })} icon={MessageCircle} label="Messages" unread={useUnreadMessages()} badgeTestId="messages-badge" highlight={location === screenPaths.notifications ? 'tint' : undefined} />;
}
