import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@contract/users';
import { screens } from '@contract/screens';
import { Redirect } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { endpointQuery } from '@/lib/call';
import { UserNotFound } from './user-not-found';

/**
 * `/profile/@username`, where a mention links: the member picker's search finds the member by
 * name, and the address becomes their profile's. Someone the viewer may not see is not found.
 */
export function MentionedProfile({ user, username }: { user: CurrentUser; username: string }) {
  const self = user.username.toLowerCase() === username.toLowerCase();
  const { data, isPending } = useQuery({ ...endpointQuery('searchUsers', { params: { term: username } }), enabled: !self });
  if (self) return <Redirect to={screens.profile(user.id)} replace />;
  if (isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="size-7" label="Loading profile" />
      </div>
    );
  }
  const found = data?.find((m) => m.username.toLowerCase() === username.toLowerCase());
  return found ? <Redirect to={screens.profile(found.id)} replace /> : <UserNotFound />;
}
