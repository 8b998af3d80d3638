import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserSearchResult } from '@contract/users';
import { toast } from '@/components/ui/use-toast';
import { call, endpointQuery } from '@/lib/call';
import { displayName } from '@/lib/user-display';
import { canSearchUsers } from './folder-rules';
import type { CollaboratorRole } from './folder-types';
import { collaboratorsKey, folderKey, invitesKey } from './folder-queries';
import { failureToast } from './folder-toasts';

const asServer = { useServerMessage: true };

/** Members matching `term`, asked for from 2 characters. */
export function useUserSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({
    ...endpointQuery('searchUsers', { params: { term: trimmed } }),
    enabled: canSearchUsers(trimmed),
    staleTime: 30_000,
  });
}

/** Collaborator and invite calls of the Collaborate dialog, each with the spec's toasts. */
export function useCollaboration(folderId: number) {
  const client = useQueryClient();
  function refresh() {
    void client.invalidateQueries({ queryKey: collaboratorsKey(folderId) });
    void client.invalidateQueries({ queryKey: invitesKey(folderId) });
    void client.invalidateQueries({ queryKey: folderKey(folderId), exact: true });
  }

  // A member picked by name gets an invite addressed to them (decision 009), answered
  // from their notifications; they join only once they accept.
  const inviteMember = useMutation({
    mutationFn: ({ member, role }: { member: UserSearchResult; role: CollaboratorRole }) =>
      call('createInvite', { params: { id: folderId }, body: { role, invitedUserId: member.id } }),
    onSuccess: (_invite, { member }) => {
      refresh();
      toast({ title: 'Invite sent', description: `${displayName(member)} can accept it from their notifications.` });
    },
    onError: (error) => failureToast(error, 'Failed to create invite', asServer),
  });
  const changeRole = useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: CollaboratorRole }) => call('updateCollaborator', { params: { id: folderId, userId }, body: { role } }),
    onSuccess: () => { refresh(); toast({ title: 'Collaborator role updated successfully' }); },
    onError: (error) => failureToast(error, 'Failed to update collaborator role', asServer),
  });
  const remove = useMutation({
    mutationFn: (userId: number) => call('removeCollaborator', { params: { id: folderId, userId } }),
    onSuccess: () => { refresh(); toast({ title: 'Collaborator removed successfully' }); },
    onError: (error) => failureToast(error, 'Failed to remove collaborator', asServer),
  });
  const createInvite = useMutation({
    mutationFn: (role: CollaboratorRole) => call('createInvite', { params: { id: folderId }, body: { role } }),
    onSuccess: () => { refresh(); toast({ title: 'Invite link created successfully' }); },
    onError: (error) => failureToast(error, 'Failed to create invite', asServer),
  });
  const revoke = useMutation({
    mutationFn: (inviteId: number) => call('revokeInvite', { params: { id: inviteId } }),
    onSuccess: () => { refresh(); toast({ title: 'Invite revoked successfully' }); },
    onError: (error) => failureToast(error, 'Failed to revoke invite', asServer),
  });
  return { inviteMember, changeRole, remove, createInvite, revoke };
}
