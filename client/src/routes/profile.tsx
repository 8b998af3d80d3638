import { useState } from 'react';
import type { CurrentUser } from '@contract/users';
import { AppLayout } from '@/components/layout/app-layout';
import { Spinner } from '@/components/ui/spinner';
import { MemberQuota } from '@/features/admin/member-quota';
import { PeopleDialog } from '@/features/profiles/people-dialog';
import { ProfileFiles } from '@/features/profiles/profile-files';
import { ProfileFolders, SharedWithMe } from '@/features/profiles/profile-folders';
import { ProfileHeader } from '@/features/profiles/profile-header';
import { profileDisplayName } from '@/features/profiles/profile-name';
import { useProfile, type PeopleKind } from '@/features/profiles/profile-queries';
import { MentionedProfile } from '@/features/profiles/mentioned-profile';
import { UserNotFound } from '@/features/profiles/user-not-found';
import { useDocumentTitle } from '@/lib/document-title';
import { profileTitle } from '@contract/page-titles';

function ProfileView({ userId, isAdmin }: { userId: number; isAdmin: boolean }) {
  const { data: profile, isPending, isError } = useProfile(userId);
  const [people, setPeople] = useState<PeopleKind | null>(null);
  const name = profile ? profileDisplayName(profile) : null;
  useDocumentTitle(isError ? 'User Not Found' : profile && name ? profileTitle(name, profile.username) : null);

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
      {isAdmin && <MemberQuota userId={profile.id} />}
      <div className="space-y-10 px-3 sm:px-0">
        <ProfileFolders userId={profile.id} />
        <SharedWithMe isSelf={profile.isSelf} />
        <ProfileFiles userId={profile.id} isSelf={profile.isSelf} />
      </div>
      <PeopleDialog userId={profile.id} name={name ?? ''} kind={people} onClose={() => setPeople(null)} />
    </div>
  );
}

/** /profile/{id} and /profile (the member's own): a member's profile. */
export function ProfilePage({ user, id }: { user: CurrentUser; id?: string }) {
  const mention = id === undefined ? null : /^(?:@|%40)([A-Za-z0-9_]{3,20})$/.exec(id);
  const userId = id === undefined ? user.id : Number(id);
  return (
    <AppLayout user={user}>
      {mention ? (
        <MentionedProfile key={mention[1]} user={user} username={mention[1]} />
      ) : Number.isInteger(userId) && userId > 0 ? (
        <ProfileView key={userId} userId={userId} isAdmin={user.isAdmin} />
      ) : (
        <UserNotFound />
      )}
    </AppLayout>
  );
}
