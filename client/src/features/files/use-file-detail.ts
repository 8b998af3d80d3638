import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileDto } from '@contract/files';
import { failureText } from '@/lib/api';
import { call, endpointQuery } from '@/lib/call';
import { toast } from '@/components/ui/use-toast';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';
import { commentsKey, fileKey, patchCachedFile, refreshFileLists, removeCachedFile } from './file-queries';

const COMMENTS_PAGE = 50;

/** How often a file whose web rendition is being made is asked again (a view counts once an hour). */
export const PROCESSING_POLL_MS = 3000;

/**
 * One file (`getFile`, which counts a view); a card's copy shows until it answers.
 * While its web rendition is processing it is asked again, so the player appears when ready.
 */
export function useFile(id: number, initial?: FileDto) {
  return useQuery({
    ...endpointQuery('getFile', { params: { id } }),
    placeholderData: initial,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.rendition === 'processing' ? PROCESSING_POLL_MS : false),
  });
}

/** A file's comments, oldest first, in pages of 50. */
export function useComments(id: number) {
  const query = useInfiniteQuery({
    queryKey: commentsKey(id),
    queryFn: ({ pageParam, signal }) => call('listFileComments', { params: { id }, query: { offset: pageParam, limit: COMMENTS_PAGE } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < COMMENTS_PAGE ? undefined : pages.length * COMMENTS_PAGE),
  });
  return { ...query, comments: query.data?.pages.flat() ?? [] };
}

/** Posts a comment; the list and the file's count update as soon as the server answers. */
export function useAddComment(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => call('addFileComment', { params: { id }, body: { content } }),
    onSuccess: (comment) => {
      patchCachedFile(client, id, (file) => ({ ...file, commentCount: file.commentCount + 1 }));
      void client.invalidateQueries({ queryKey: commentsKey(id) });
      if (comment.notice) toast({ title: 'Comment posted', description: comment.notice });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return handleUnauthorized();
      toast({ title: 'Error', description: failureText(error, 'Failed to add comment'), variant: 'destructive' });
    },
    retry: false,
  });
}

/** Deletes a comment (its author, the file's owner or an admin); the count and the list follow. */
export function useDeleteComment(fileId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => call('deleteComment', { params: { id: commentId } }),
    onSuccess: () => {
      patchCachedFile(client, fileId, (file) => ({ ...file, commentCount: Math.max(0, file.commentCount - 1) }));
      void client.invalidateQueries({ queryKey: commentsKey(fileId) });
      toast({ title: 'Comment deleted' });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return handleUnauthorized();
      toast({ title: 'Error', description: failureText(error, 'Failed to delete comment'), variant: 'destructive' });
    },
    retry: false,
  });
}

/** Deletes the member's own file, then drops it from every list. */
export function useDeleteFile(onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('deleteFile', { params: { id } }),
    onSuccess: (_result, id) => {
      removeCachedFile(client, id);
      client.removeQueries({ queryKey: fileKey(id) });
      void refreshFileLists(client);
      toast({ title: 'File deleted' });
      onDeleted();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return handleUnauthorized();
      toast({ title: 'Error', description: 'Failed to delete file', variant: 'destructive' });
    },
    retry: false,
  });
}
