import { Check, UserPlus } from 'lucide-react';
import type { SuggestedMember as Suggested } from '@contract/suggestions';
import { Button } from '@/components/ui/button';
import { PersonRow } from '@/features/profiles/person-row';
import { useFollow } from '@/features/profiles/use-follow';

/** A member to follow: avatar and name (to their profile), what they share, and Follow. */
export function SuggestedMember({ suggestion }: { suggestion: Suggested }) {
  const follow = useFollow(suggestion.user.id);
  const following = follow.data?.isFollowing === true;
  const { publicFiles, likes, user } = suggestion;
  const name = user.firstName || user.username;
  return (
    <li className="flex min-w-0 items-center gap-2 rounded-xl border border-border/70 bg-card pr-3" data-testid="suggested-member">
      <PersonRow
        user={user}
        className="min-w-0 flex-1"
        subtitle={`${publicFiles} ${publicFiles === 1 ? 'file' : 'files'} · ${likes} ${likes === 1 ? 'like' : 'likes'}`}
      />
      <Button
        size="sm"
        variant={following ? 'outline' : 'default'}
        disabled={follow.isPending}
        onClick={() => follow.mutate(!following)}
        aria-label={following ? `Unfollow ${name}` : `Follow ${name}`}
        aria-pressed={following}
      >
        {following ? <Check aria-hidden /> : <UserPlus aria-hidden />}
        {following ? 'Following' : 'Follow'}
      </Button>
    </li>
  );
}
