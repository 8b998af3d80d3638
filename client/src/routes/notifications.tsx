import type { CurrentUser } from '@contract/users';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { AppLayout } from '@/components/layout/app-layout';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { MessagesPanel } from '@/features/messages/messages-panel';
import { NotificationsPanel } from '@/features/notifications/notifications-panel';
import { useUnreadCount } from '@/features/notifications/notification-queries';
import { useDocumentTitle } from '@/lib/document-title';
import { useMediaQuery } from '@/lib/use-media-query';

/** `?user={id}` opens that member's thread (a profile's Message button). */
function threadUserId(search: string): number | undefined {
  const id = Number(new URLSearchParams(search).get('user'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * /notifications: Notifications and Messages (spec 2 §2), two columns on wide screens and two
 * tabs on small ones, where a `?user=` address opens on Messages.
 */
export function NotificationsPage({ user }: { user: CurrentUser }) {
  const userId = threadUserId(useSearch());
  const wide = useMediaQuery('(min-width: 1024px)');
  const unread = useUnreadCount();
  const [tab, setTab] = useState(userId ? 'messages' : 'notifications');
  useDocumentTitle('Notifications');

  const messages = <MessagesPanel userId={userId} />;
  return (
    <AppLayout user={user}>
      <div className="mx-auto w-full max-w-[1400px] px-3 py-5 sm:px-6 sm:py-8">
        <h1 className="sr-only">Notifications and messages</h1>
        {wide ? (
          <div className="grid grid-cols-[minmax(0,5fr)_minmax(0,7fr)] items-start gap-6">
            <NotificationsPanel />
            <div className="sticky top-24">{messages}</div>
          </div>
        ) : (
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="w-full">
              <TabsTrigger value="notifications">
                Notifications
                {unread > 0 && <span className="ml-1.5 rounded-full bg-primary px-1.5 text-[11px] font-semibold text-primary-foreground tabular-nums">{unread}</span>}
              </TabsTrigger>
              <TabsTrigger value="messages">Messages</TabsTrigger>
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
