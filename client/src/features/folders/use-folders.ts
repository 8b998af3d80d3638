import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@contract/limits';
import { call, endpointQuery } from '@/lib/call';
import { FALLBACK_POLL_MS, useLiveConnected, useLiveEvent } from '@/lib/live-events';
import { allPages, nextOffset } from '@/lib/paging';
import { collaboratorsKey, folderFilesKey, folderKey, invitesKey, myFoldersKey } from './folder-queries';

const PREVIEW_STALE_MS = 60_000;

/** The member's own folders and those they collaborate on, each with their role. */
export function useMyFolders(enabled = true) {
  // Every folder, not the first page: a save dialog must offer the 21st folder too.
  return useQuery({ queryKey: myFoldersKey, queryFn: ({ signal }) => allPages((page) => call('listFolders', { query: page }, { signal })), enabled });
}

export function useFolder(id: number) {
  return useQuery({ ...endpointQuery('getFolder', { params: { id } }), retry: false });
}

/** Up to 4 cover images the viewer may see; fresh for 60 s. */
export function useFolderPreview(id: number) {
  return useQuery({ ...endpointQuery('getFolderPreview', { params: { id } }), staleTime: PREVIEW_STALE_MS });
}

/** The folders that hold a file, as far as the viewer may see them. */
export function useFileFolders(fileId: number) {
  return useQuery(endpointQuery('listFileFolders', { params: { id: fileId } }));
}

/** The folder's files, 20 a page, offset = pages × 20. */
export function useFolderFiles(id: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: folderFilesKey(id),
    queryFn: ({ pageParam, signal }) => call('listFolderFiles', { params: { id }, query: { offset: pageParam, limit: PAGE_SIZE } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled,
  });
}

/** While the live stream is down, the open Collaborate dialog asks again every 5 s instead. */
function usePollWhileOffline(enabled: boolean): number | false {
  return useLiveConnected() || !enabled ? false : FALLBACK_POLL_MS;
}

export function useCollaborators(id: number, enabled: boolean) {
  return useQuery({ ...endpointQuery('listCollaborators', { params: { id } }), enabled, refetchInterval: usePollWhileOffline(enabled) });
}

export function usePendingInvites(id: number, enabled: boolean) {
  return useQuery({ ...endpointQuery('listInvites', { params: { id } }), enabled, refetchInterval: usePollWhileOffline(enabled) });
}

/**
 * The owner's open Collaborate dialog shows what is true now: when a member answers an invite
 * (accepts by link or notification, or declines), the server tells the owner's tabs (`folder`
 * event) and both lists load again.
 */
export function useFolderLive(id: number) {
  const client = useQueryClient();
  useLiveEvent('folder', ({ folderId }) => {
    if (folderId !== id) return;
    void client.invalidateQueries({ queryKey: collaboratorsKey(id) });
    void client.invalidateQueries({ queryKey: invitesKey(id) });
    void client.invalidateQueries({ queryKey: folderKey(id), exact: true });
  });
}

/** An invite by its token; readable signed out, so the page can show it before asking to sign in. */
export function useInvite(token: string) {
  return useQuery({
    ...endpointQuery('getInvite', { params: { token } }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

