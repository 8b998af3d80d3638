import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@contract/routes';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';
import { failureToast } from './folder-toasts';
import { FOLDERS_PATH } from './folder-queries';

/** Accept or decline an invite by its token, with the spec's toasts (spec 2 §8). */
export function useInviteActions(token: string) {
  const client = useQueryClient();
  const accept = useMutation({
    mutationFn: () => apiRequest<{ folderId: number }>('POST', api.inviteAccept(token)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [FOLDERS_PATH] });
      toast({ title: 'Folder invite accepted' });
    },
    onError: (error) => failureToast(error, 'Failed to accept invite', { useServerMessage: true }),
  });
  const decline = useMutation({
    mutationFn: () => apiRequest('POST', api.inviteDecline(token)),
    onSuccess: () => toast({ title: 'Folder invite declined' }),
    onError: (error) => failureToast(error, 'Failed to decline invite', { useServerMessage: true }),
  });
  return { accept, decline };
}
