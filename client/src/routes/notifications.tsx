import type { CurrentUser } from '@contract/users';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { AppLayout } from '@/components/layout/app-layout';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { MessagesPanel } from '@/features/messages/messages-panel';
import { useUnreadMessages } from '@/features/messages/use-unread-messages';
import { usePreferences } from '@/features/settings/preferences';
import { NotificationsPanel } from '@/features/notifications/notifications-panel';
import { useUnreadCount } from '@/features/notifications/notification-queries';
import { useDocumentTitle } from '@/lib/document-title';
import { useMediaQuery } from '@/lib/use-media-query';

/** `?tab=messages` (the header's messages icon) opens on Messages on a phone. */
function wantsMessages(search: string): boolean {
  return new URLSearchParams(search).get('tab') === 'messages';
}

/** A tab's unread count, unless the member hides counters. */
function TabBadge({ count, testId }: { count: number; testId: string }) {
  const { hideNotificationCounter } = usePreferences();
  if (count <= 0 || hideNotificationCounter) return null;
  return <span data-testid={testId} className="ml-1.5 rounded-full bg-primary px-1.5 text-[11px] font-semibold text-primary-foreground tabular-nums">{count > 99 ? '99+' : count}</span>;
}

/** `?user={id}` opens that member's thread (a profile's Message button). */
function threadUserId(search: string): number | undefined {
  const id = Number(new URLSearchParams(search).get('user'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * /notifications: Notifications and Messages, two columns on wide screens and two
 * tabs on small ones, where a `?user=` address opens on Messages.
 */
export function NotificationsPage({ user }: { user: CurrentUser }) {
  const search = useSearch();
  const userId = threadUserId(search);
  const wide = useMediaQuery('(min-width: 1024px)');
  const unread = useUnreadCount();
  const unreadMessages = useUnreadMessages();
  const [tab, setTab] = useState(userId || wantsMessages(search) ? 'messages' : 'notifications');
  // The header's messages icon, pressed while already here, switches the tab.
  useEffect(() => {
    if (wantsMessages(search)) setTab('messages');
  }, [search]);
  useDocumentTitle('Notifications');

  const messages = <MessagesPanel userId={userId} />;
  return (
    <AppLayout user={user}>
      <div className="mx-auto w-full max-w-[1400px] px-3 py-5 sm:px-6 sm:py-8">
        <h1 className="sr-only">Notifications and messages</h1>
        {wide ? (
          // From 1280 px messages keep 36rem (the conversation list beside the thread) and the list takes the rest.
          <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,36rem)]">
            <NotificationsPanel />
            <div className="sticky top-24">{messages}</div>
          </div>
        ) : (
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="w-full">
              <TabsTrigger value="notifications">
                Notifications
                <TabBadge count={unread} testId="notifications-tab-badge" />
              </TabsTrigger>
              <TabsTrigger value="messages">
                Messages
                <TabBadge count={unreadMessages} testId="messages-tab-badge" />
              </TabsTrigger>
            </TabsList>
            <TabsContent value="notifications" className="mt-4">
              <NotificationsPanel />
            </TabsContent>
            <TabsContent value="messages" className="mt-4">
              {messages}
            </TabsContent>
          </Tabs>
        )}
      </div>
    </AppLayout>
  );
}
