import type { CurrentUser } from '@contract/users';
import { AppLayout } from '@/components/layout/app-layout';
import { HomeFeed } from '@/features/files/home-feed';
import { TagMarquee } from '@/features/files/tag-marquee';
import { useDocumentTitle } from '@/lib/document-title';

/** The signed-in home (/): the tag strip, then the feed. */
export function HomePage({ user }: { user: CurrentUser }) {
  useDocumentTitle('Home');
  return (
    <AppLayout user={user}>
      <TagMarquee />
      <div className="mx-auto max-w-[1600px] px-3 py-4 sm:px-6 sm:py-6">
        <h1 className="sr-only">Home feed</h1>
        <HomeFeed />
      </div>
    </AppLayout>
  );
}
