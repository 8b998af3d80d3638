import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { FileDto } from '@contract/files';
import { api } from '@contract/routes';
import type { PublicUser, UserProfile } from '@contract/users';
import { call, endpointKey } from '@/lib/call';
import { allPages, fetchPage, nextOffset } from '@/lib/paging';

// Query keys of the profiles feature. Each starts with '/api/users', so the default query
// function reads it, a like patches the profile's files in place (file-queries) and a folder
// change refreshes the profile's folders (folder-queries).

export const USERS_PATH = '/api/users';
export const profileKey = (id: number) => [USERS_PATH, id] as const;
export const profileFilesKey = (id: number) => [USERS_PATH, id, 'files'] as const;
export const profileFoldersKey = (id: number) => endpointKey('listUserFolders', { params: { id } });
export type PeopleKind = 'followers' | 'following';
export const peopleKey = (id: number, kind: PeopleKind) => [USERS_PATH, id, kind] as const;

const MEMBER_FILES_STALE_MS = 30_000;


/** The member with the four counts; a 404 is 'User Not Found', so no retry. */
export function useProfile(id: number) {
  return useQuery<UserProfile>({ queryKey: profileKey(id), retry: false });
}

/** The member's files the viewer may see, 20 a page, fresh for 30 s (spec 2 §9). */
export function useProfileFiles(id: number) {
  return useInfiniteQuery({
    queryKey: profileFilesKey(id),
    queryFn: ({ pageParam, signal }) => fetchPage<FileDto>(api.userFiles(id), pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    staleTime: MEMBER_FILES_STALE_MS,
  });
}

/** The member's folders the viewer may see (a private one of another member arrives blurred or not at all). */
export function useProfileFolders(id: number) {
  return useQuery({ queryKey: profileFoldersKey(id), queryFn: ({ signal }) => allPages((page) => call('listUserFolders', { params: { id }, query: page }, { signal })) });
}

/** Followers or following, newest follow first, 20 a page; loads only while its dialog is open. */
export function usePeople(id: number, kind: PeopleKind, enabled: boolean) {
  const path = kind === 'followers' ? api.userFollowers(id) : api.userFollowing(id);
  return useInfiniteQuery({
    queryKey: peopleKey(id, kind),
    queryFn: ({ pageParam, signal }) => fetchPage<PublicUser>(path, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled,
  });
}
