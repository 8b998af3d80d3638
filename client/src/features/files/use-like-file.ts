import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileDto } from '@contract/files';
import { toast } from '@/components/ui/use-toast';
import { failureText } from '@/lib/api';
import { call, endpointKey } from '@/lib/call';
import { useAuth } from '@/lib/auth';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';
import { patchCachedFile, refreshFileLists } from './file-queries';

/**
 * Like / unlike: removes the like when the file is liked, else adds one; then
 * refreshes file lists, the file and notifications. The count moves at once and is put back
 * if the server refuses.
 */
export function useLikeFile() {
  const client = useQueryClient();
  const { user } = useAuth();

  const mutation = useMutation({
    mutationFn: (file: Pick<FileDto, 'id' | 'isLiked'>) => call(file.isLiked ? 'unlikeFile' : 'likeFile', { params: { id: file.id } }),
    onMutate: (file) => {
      const liked = !file.isLiked;
      patchCachedFile(client, file.id, (f) => ({ ...f, isLiked: liked, likeCount: Math.max(0, f.likeCount + (liked ? 1 : -1)) }));
    },
    onSuccess: (result, file) => {
      patchCachedFile(client, file.id, (f) => ({ ...f, ...result }));
    },
    onError: (error, file) => {
      patchCachedFile(client, file.id, (f) => ({ ...f, isLiked: file.isLiked, likeCount: Math.max(0, f.likeCount + (file.isLiked ? 1 : -1)) }));
      if (isUnauthorizedError(error)) return handleUnauthorized();
      toast({ title: 'Error', description: failureText(error, 'Failed to update like'), variant: 'destructive' });
    },
    onSettled: () => {
      void refreshFileLists(client);
      void client.invalidateQueries({ queryKey: endpointKey('listNotifications') });
    },
    retry: false,
  });

  function toggleLike(file: Pick<FileDto, 'id' | 'isLiked'>) {
    if (!user) {
      toast({ title: 'Sign in required', description: 'Please sign in to like files', variant: 'destructive' });
      return;
    }
    mutation.mutate(file);
  }

  return { toggleLike, isPending: mutation.isPending };
}
