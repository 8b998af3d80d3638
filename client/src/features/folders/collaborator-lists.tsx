import { format } from 'date-fns';
import { Trash2, UserMinus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PersonAvatar } from '@/features/files/file-meta';
import { displayName } from '@/lib/user-display';
import { roleLabel } from './folder-rules';
import { RoleSelect } from './role-select';
import { useCollaboration } from './use-collaboration';
import { useCollaborators, usePendingInvites } from './use-folders';

function Loading() {
  return <div className="flex justify-center py-3"><Spinner className="size-4" /></div>;
}

/** Current collaborators: role change and remove, except the OWNER row. */
export function CollaboratorList({ folderId }: { folderId: number }) {
  const list = useCollaborators(folderId, true);
  const { changeRole, remove } = useCollaboration(folderId);
  return (
    <section aria-labelledby="collaborators-heading" className="space-y-2">
      <h3 id="collaborators-heading" className="text-sm font-semibold">Collaborators</h3>
      {list.isPending ? <Loading /> : list.isError ? <p role="alert" className="text-sm text-destructive">Failed to fetch collaborators</p> : (
        <ul className="divide-y rounded-xl border" data-testid="collaborators">
          {(list.data ?? []).map((person) => (
            <li key={person.userId} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
              <PersonAvatar user={person.user} className="size-8" />
              <span className="grid min-w-0 flex-1">
                <span className="truncate text-sm font-medium">{displayName(person.user)}</span>
                <span className="truncate text-xs text-muted-foreground">@{person.user.username}</span>
              </span>
              {person.role === 'OWNER' ? (
                <span className="rounded-full bg-primary/10 px-2.5 py-1 text-xs font-semibold text-primary">{roleLabel('OWNER')}</span>
              ) : (
                <span className="flex items-center gap-1">
                  <RoleSelect
                    value={person.role}
                    onChange={(role) => changeRole.mutate({ userId: person.userId, role })}
                    label={`Role of ${displayName(person.user)}`}
                    disabled={changeRole.isPending}
                    className="h-8 text-xs"
                  />
                  <Button variant="ghost" size="icon-sm" aria-label={`Remove ${displayName(person.user)}`} onClick={() => remove.mutate(person.userId)} disabled={remove.isPending} className="text-destructive hover:bg-destructive/10 hover:text-destructive">
                    <UserMinus aria-hidden />
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Pending invites, each revocable. */
export function PendingInvites({ folderId }: { folderId: number }) {
  const list = usePendingInvites(folderId, true);
  const { revoke } = useCollaboration(folderId);
  return (
    <section aria-labelledby="invites-heading" className="space-y-2">
      <h3 id="invites-heading" className="text-sm font-semibold">Pending invites</h3>
      {list.isPending ? <Loading /> : list.isError ? <p role="alert" className="text-sm text-destructive">Failed to fetch invites</p> : (list.data ?? []).length === 0 ? (
        <p className="text-sm text-muted-foreground">No pending invites</p>
      ) : (
        <ul className="divide-y rounded-xl border" data-testid="pending-invites">
          {(list.data ?? []).map((invite) => (
            <li key={invite.id} className="flex items-center gap-3 px-3 py-2.5 text-sm">
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-medium">{invite.invitedUser ? displayName(invite.invitedUser) : 'Anyone with the link'}</span>
                <span className="truncate text-xs text-muted-foreground">{roleLabel(invite.role)} · expires {format(new Date(invite.expiresAt), 'MMM d, yyyy')}</span>
              </span>
              <Button variant="ghost" size="sm" onClick={() => revoke.mutate(invite.id)} disabled={revoke.isPending} className="text-destructive hover:bg-destructive/10 hover:text-destructive">
                <Trash2 aria-hidden />
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
