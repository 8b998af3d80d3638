import { MessageCircle, UserMinus, UserPlus } from 'lucide-react';
import { Link } from 'wouter';
import type { UserProfile } from '@contract/users';
import { screens } from '@contract/screens';
import { Button } from '@/components/ui/button';
import { useFollow } from './use-follow';

/**
 * Follow/Unfollow and Message, shown only on another member's profile (spec 2 §2). Message
 * opens the thread with this member on /notifications, even before any message exists.
 */
export function ProfileActions({ profile }: { profile: UserProfile }) {
  const follow = useFollow(profile.id);
  const following = profile.isFollowing;

  return (
    <div className="flex flex-wrap items-center justify-center gap-2">
      <Button
        variant={following ? 'outline' : 'brand'}
        className="min-w-32 rounded-full"
        disabled={follow.isPending}
        onClick={() => follow.mutate(!following)}
      >
        {following ? <UserMinus aria-hidden /> : <UserPlus aria-hidden />}
        {following ? 'Unfollow' : 'Follow'}
      </Button>
      <Button asChild variant="outline" className="rounded-full">
        <Link href={screens.notifications({ user: profile.id })}>
          <MessageCircle aria-hidden />
          Message
        </Link>
      </Button>
    </div>
  );
}
