import type { CurrentUser } from '@contract/users';
import type { ReactNode } from 'react';
import { UploadButton } from '@/features/files/upload-dialog';
import { AppHeader } from './app-header';

/** Every signed-in screen: the header, then the screen's content. */
export function AppLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AppHeader user={user} actions={<UploadButton />} />
      <main id="main" className="flex-1">
        {children}
      </main>
    </div>
  );
}
