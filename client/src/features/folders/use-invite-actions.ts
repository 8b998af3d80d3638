import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { call } from '@/lib/call';
import { failureToast } from './folder-toasts';
import { myFoldersKey } from './folder-queries';

/** Accept or decline an invite by its token, with the spec's toasts. */
export function useInviteActions(token: string) {
  const client = useQueryClient();
  const accept = useMutation({
    mutationFn: () => call('acceptInvite', { params: { token } }),
    onSuccess: () => {
      // Every folder key: the member's lists gain the folder, and its role changes.
      void client.invalidateQueries({ queryKey: myFoldersKey });
      toast({ title: 'Folder invite accepted' });
    },
    onError: (error) => failureToast(error, 'Failed to accept invite', { useServerMessage: true }),
  });
  const decline = useMutation({
    mutationFn: () => call('declineInvite', { params: { token } }),
    onSuccess: () => toast({ title: 'Folder invite declined' }),
    onError: (error) => failureToast(error, 'Failed to decline invite', { useServerMessage: true }),
  });
  return { accept, decline };
}
