import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@contract/users';
import { toast } from '@/components/ui/use-toast';
import { failureText } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { call } from '@/lib/call';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';
import { peopleKey, profileKey } from './profile-queries';

/**
 * Follow or unfollow `userId`: POST when not following, DELETE when
 * following. The answer carries the exact counts, so both profiles update without a refetch;
 * the people lists that changed are refetched when next opened.
 */
export function useFollow(userId: number) {
  const client = useQueryClient();
  const { user: me } = useAuth();

  return useMutation({
    mutationFn: (follow: boolean) => call(follow ? 'followUser' : 'unfollowUser', { params: { id: userId } }),
    onSuccess: (result) => {
      client.setQueryData<UserProfile>(profileKey(userId), (profile) =>
        profile && { ...profile, isFollowing: result.isFollowing, followersCount: result.followersCount },
      );
      if (me) {
        client.setQueryData<UserProfile>(profileKey(me.id), (profile) => profile && { ...profile, followingCount: result.followingCount });
        void client.invalidateQueries({ queryKey: peopleKey(me.id, 'following') });
      }
      void client.invalidateQueries({ queryKey: peopleKey(userId, 'followers') });
      toast({ title: result.isFollowing ? 'Following' : 'Unfollowed' });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) handleUnauthorized();
      else toast({ title: 'Error', description: failureText(error, 'Failed to update follow status'), variant: 'destructive' });
    },
  });
}
