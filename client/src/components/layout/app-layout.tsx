import type { CurrentUser } from '@contract/users';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { UploadButton } from '@/features/files/upload-dialog';
import { useNotificationsLive } from '@/features/notifications/notification-queries';
import { useLiveStream } from '@/lib/live-events';
import { AppHeader } from './app-header';

// Opened from the avatar menu only: not part of any screen's first paint.
const CreateFolderDialog = lazy(() => import('@/features/folders/create-folder-dialog').then((m) => ({ default: m.CreateFolderDialog })));

/** Every signed-in screen: the header (with Create New Folder behind its avatar menu), then the screen's content. */
export function AppLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [creatingFolder, setCreatingFolder] = useState(false);
  // Signed-in screens follow the member's live stream; the bell and lists follow its events.
  useLiveStream(user.id);
  useNotificationsLive();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AppHeader user={user} actions={<UploadButton />} onCreateFolder={() => setCreatingFolder(true)} />
      <main id="main" className="flex-1">
        {children}
      </main>
      {creatingFolder && (
        <Suspense fallback={null}>
          <CreateFolderDialog open={creatingFolder} onOpenChange={setCreatingFolder} />
        </Suspense>
      )}
    </div>
  );
}
