import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@contract/limits';
import { call, endpointKey, endpointQuery } from '@/lib/call';
import { allPages, nextOffset } from '@/lib/paging';

// Query keys of the profiles feature, from the endpoint table: each starts with '/api/users', so
// a like patches the profile's files in place (file-queries) and a folder change refreshes the
// profile's folders (folder-queries).

export const profileKey = (id: number) => endpointKey('getUserProfile', { params: { id } });
export const profileFilesKey = (id: number) => endpointKey('listUserFiles', { params: { id } });
export const profileFoldersKey = (id: number) => endpointKey('listUserFolders', { params: { id } });
export type PeopleKind = 'followers' | 'following';
const peopleCalls = { followers: 'listFollowers', following: 'listFollowing' } as const;
export const peopleKey = (id: number, kind: PeopleKind) => endpointKey(peopleCalls[kind], { params: { id } });

const MEMBER_FILES_STALE_MS = 30_000;


/** The member with the four counts; a 404 is 'User Not Found', so no retry. */
export function useProfile(id: number, enabled = true) {
  return useQuery({ ...endpointQuery('getUserProfile', { params: { id } }), retry: false, enabled });
}

/** The member's files the viewer may see, 20 a page, fresh for 30 s. */
export function useProfileFiles(id: number) {
  return useInfiniteQuery({
    queryKey: profileFilesKey(id),
    queryFn: ({ pageParam, signal }) => call('listUserFiles', { params: { id }, query: { offset: pageParam, limit: PAGE_SIZE } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    staleTime: MEMBER_FILES_STALE_MS,
  });
}

/** The member's folders the viewer may see (a private one of another member arrives blurred or not at all). */
export function useProfileFolders(id: number) {
  return useQuery({ queryKey: profileFoldersKey(id), queryFn: ({ signal }) => allPages((page) => call('listUserFolders', { params: { id }, query: page }, { signal })) });
}

/** Folders other members share with the viewer (Editor or Viewer), newest share first. */
export function useSharedFolders(enabled: boolean) {
  return useQuery({ queryKey: endpointKey('listSharedFolders'), queryFn: ({ signal }) => allPages((page) => call('listSharedFolders', { query: page }, { signal })), enabled });
}

/** Followers or following, newest follow first, 20 a page; loads only while its dialog is open. */
export function usePeople(id: number, kind: PeopleKind, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: peopleKey(id, kind),
    queryFn: ({ pageParam, signal }) => call(peopleCalls[kind], { params: { id }, query: { offset: pageParam, limit: PAGE_SIZE } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled,
  });
}
