import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { failureText } from '@/lib/api';
import { call } from '@/lib/call';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';

export const blocksKey = ['user', 'blocks'] as const;
export const mutesKey = ['user', 'mutes'] as const;

/** The members the viewer muted, newest first. */
export function useMutedMembers() {
  return useQuery({ queryKey: mutesKey, queryFn: () => call('listMutes', { query: { limit: 100 } }) });
}

/** Mute or unmute a member: their files, comments and notifications leave the viewer's feed and bell. */
export function useMuteMember(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mute }: { id: number; mute: boolean }) => call(mute ? 'muteUser' : 'unmuteUser', { params: { id } }),
    onSuccess: (result) => {
      void client.invalidateQueries();
      toast({ title: result.isMuted ? `Muted ${name}` : `Unmuted ${name}`, description: result.isMuted ? 'Their posts and notifications stay out of your feed and bell. They are not told.' : undefined });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) handleUnauthorized();
      else toast({ title: 'Error', description: failureText(error, 'Could not update the mute'), variant: 'destructive' });
    },
  });
}

/** The members the viewer blocked (Settings → Privacy & Content), newest first. */
export function useBlockedMembers() {
  return useQuery({ queryKey: blocksKey, queryFn: () => call('listBlocks', { query: { limit: 100 } }) });
}

/**
 * Block or unblock a member. A block changes what every list shows (feed, search, comments,
 * profiles), so every cached answer is refetched; the server has already told every process.
 */
export function useBlockMember(name: string, onDone?: (isBlocked: boolean) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, block }: { id: number; block: boolean }) => call(block ? 'blockUser' : 'unblockUser', { params: { id } }),
    onSuccess: (result) => {
      void client.invalidateQueries();
      toast({ title: result.isBlocked ? `Blocked ${name}` : `Unblocked ${name}`, description: result.isBlocked ? "You won't see each other on Kaleido. They are not told." : undefined });
      onDone?.(result.isBlocked);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) handleUnauthorized();
      else toast({ title: 'Error', description: failureText(error, 'Could not update the block'), variant: 'destructive' });
    },
  });
}
