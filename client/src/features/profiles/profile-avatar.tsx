import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';
import { profileInitials, type ProfileNameFields } from './profile-name';

type AvatarUser = ProfileNameFields & { profileImageUrl?: string | null };

/** A member's picture, or their initials on the brand gradient while it loads or when there is none. */
export function ProfileAvatar({ user, className, fallbackClassName }: { user: AvatarUser; className?: string; fallbackClassName?: string }) {
  return (
    <Avatar className={className}>
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
      <AvatarFallback className={cn('select-none', fallbackClassName)}>{profileInitials(user)}</AvatarFallback>
    </Avatar>
  );
}
