import { Images } from 'lucide-react';
import type { CurrentUser } from '@contract/users';
import { AppLayout } from '@/components/layout/app-layout';

/** The signed-in home (/). The feed joins with the files feature; until then, its empty state. */
export function HomePage({ user }: { user: CurrentUser }) {
  return (
    <AppLayout user={user}>
      <div className="mx-auto flex max-w-[1600px] flex-col items-center px-4 py-24 text-center sm:py-32">
        <span className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-accent text-accent-foreground shadow-sm">
          <Images className="size-8" aria-hidden />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">No files found</h1>
        <p className="mt-2 max-w-sm text-muted-foreground">Start by uploading your first file or following some users.</p>
      </div>
    </AppLayout>
  );
}
