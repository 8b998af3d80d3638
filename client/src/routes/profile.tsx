import { useState } from 'react';
import type { CurrentUser } from '@contract/users';
import { AppLayout } from '@/components/layout/app-layout';
import { Spinner } from '@/components/ui/spinner';
import { PeopleDialog } from '@/features/profiles/people-dialog';
import { ProfileFiles } from '@/features/profiles/profile-files';
import { ProfileFolders } from '@/features/profiles/profile-folders';
import { ProfileHeader } from '@/features/profiles/profile-header';
import { profileDisplayName } from '@/features/profiles/profile-name';
import { useProfile, type PeopleKind } from '@/features/profiles/profile-queries';
import { UserNotFound } from '@/features/profiles/user-not-found';
import { useDocumentTitle } from '@/lib/document-title';

function ProfileView({ userId }: { userId: number }) {
  const { data: profile, isPending, isError } = useProfile(userId);
  const [people, setPeople] = useState<PeopleKind | null>(null);
  const name = profile ? profileDisplayName(profile) : null;
  useDocumentTitle(isError ? 'User Not Found' : name);

  if (isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="size-7" label="Loading profile" />
      </div>
    );
  }
  if (isError || !profile) return <UserNotFound />;

  return (
    <div className="mx-auto max-w-[1600px] space-y-10 pb-12 sm:px-6 sm:pt-4">
      <ProfileHeader profile={profile} onOpenPeople={setPeople} />
      <div className="space-y-10 px-3 sm:px-0">
        <ProfileFolders userId={profile.id} />
        <ProfileFiles userId={profile.id} isSelf={profile.isSelf} />
      </div>
      <PeopleDialog userId={profile.id} name={name ?? ''} kind={people} onClose={() => setPeople(null)} />
    </div>
  );
}

/** /profile/{id} and /profile (the member's own): spec 2 §2 Profile. */
export function ProfilePage({ user, id }: { user: CurrentUser; id?: string }) {
  const userId = id === undefined ? user.id : Number(id);
  return (
    <AppLayout user={user}>
      {Number.isInteger(userId) && userId > 0 ? <ProfileView key={userId} userId={userId} /> : <UserNotFound />}
    </AppLayout>
  );
}
