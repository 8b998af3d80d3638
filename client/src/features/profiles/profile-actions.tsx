import { MessageCircle, UserMinus, UserPlus, UserX } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { UserProfile } from '@contract/users';
import { screens } from '@contract/screens';
import { Button } from '@/components/ui/button';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { useSuspend } from '@/features/admin/use-moderation';
import { MemberMenu } from '@/features/safety/member-menu';
import { useAuth } from '@/lib/auth';
import { useFollow } from './use-follow';

/**
 * Follow/Unfollow, Message and the ⋯ menu (Report, Mute, Block; Suspend for admins), shown only on another member's profile. Message
 * opens the thread with this member on /notifications, even before any message exists.
 */
export function ProfileActions({ profile }: { profile: UserProfile }) {
  const follow = useFollow(profile.id);
  const [, navigate] = useLocation();
  const { user: me } = useAuth();
  const suspend = useSuspend();
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
      {/* After a block the profile is gone for the blocker too: back to the feed, without them. */}
      <MemberMenu member={profile} report={{ type: 'user', id: profile.id, noun: `@${profile.username}` }} label={`More actions for @${profile.username}`} className="border" onBlocked={() => navigate(screens.home())}>
        {me?.isAdmin && profile.isSuspended !== undefined && (
          <DropdownMenuItem onSelect={() => suspend.mutate({ userId: profile.id, suspend: !profile.isSuspended })}>
            <UserX aria-hidden />
            {profile.isSuspended ? 'Lift suspension' : 'Suspend member'}
          </DropdownMenuItem>
        )}
      </MemberMenu>
    </div>
  );
}
