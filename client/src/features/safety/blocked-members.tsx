import { Ban } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ProfileAvatar } from '@/features/profiles/profile-avatar';
import { profileDisplayName } from '@/features/profiles/profile-name';
import { FieldGroup } from '@/features/settings/settings-section';
import { useBlockedMembers, useBlockMember, useMutedMembers, useMuteMember } from './use-block';

type Listed = { id: number; username: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null };

function BlockedRow({ member }: { member: Listed }) {
  const unblock = useBlockMember(`@${member.username}`);
  return <MemberRow member={member} testId="blocked-member" label="Unblock" busy={unblock.isPending} onClick={() => unblock.mutate({ id: member.id, block: false })} />;
}

function MutedRow({ member }: { member: Listed }) {
  const unmute = useMuteMember(`@${member.username}`);
  return <MemberRow member={member} testId="muted-member" label="Unmute" busy={unmute.isPending} onClick={() => unmute.mutate({ id: member.id, mute: false })} />;
}

function MemberRow({ member, testId, label, busy, onClick }: { member: Listed; testId: string; label: string; busy: boolean; onClick: () => void }) {
  return (
    <li className="flex items-center gap-3 py-2" data-testid={testId}>
      <ProfileAvatar user={member} className="size-9" />
      <span className="grid min-w-0 flex-1">
        <span className="truncate text-sm font-semibold">{profileDisplayName(member, 'Anonymous')}</span>
        <span className="truncate text-xs text-muted-foreground">@{member.username}</span>
      </span>
      <Button variant="outline" size="sm" className="rounded-full" disabled={busy} onClick={onClick}>
        {label}
      </Button>
    </li>
  );
}

/** Settings → Privacy & Content: the members the viewer blocked, each with Unblock. */
export function BlockedMembers() {
  const blocked = useBlockedMembers();
  return (
    <FieldGroup title="Blocked members" description="You and they don't see each other anywhere on Kaleido. Block someone from the ⋯ menu on their profile or a comment.">
      {blocked.isLoading ? (
        <Spinner />
      ) : !blocked.data?.length ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Ban className="size-4" aria-hidden />
          You haven't blocked anyone.
        </p>
      ) : (
        <ul className="divide-y" aria-label="Blocked members">
          {blocked.data.map((member) => (
            <BlockedRow key={member.id} member={member} />
          ))}
        </ul>
      )}
    </FieldGroup>
  );
}

/** Settings → Privacy & Content: the members the viewer muted, each with Unmute. */
export function MutedMembers() {
  const muted = useMutedMembers();
  return (
    <FieldGroup title="Muted members" description="Their files, comments and notifications stay out of your feed and bell; they can still reach you. They are not told.">
      {muted.isLoading ? (
        <Spinner />
      ) : !muted.data?.length ? (
        <p className="text-sm text-muted-foreground">You haven't muted anyone.</p>
      ) : (
        <ul className="divide-y" aria-label="Muted members">
          {muted.data.map((member) => (
            <MutedRow key={member.id} member={member} />
          ))}
        </ul>
      )}
    </FieldGroup>
  );
}
