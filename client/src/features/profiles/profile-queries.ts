import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { FileDto } from '@contract/files';
import type { FolderDto } from '@contract/folders';
import { PAGE_SIZE } from '@contract/limits';
import { api } from '@contract/routes';
import type { PublicUser, UserProfile } from '@contract/users';
import { throwIfResNotOk, toQueryString } from '@/lib/api';

// Query keys of the profiles feature. Each starts with '/api/users', so the default query
// function reads it, a like patches the profile's files in place (file-queries) and a folder
// change refreshes the profile's folders (folder-queries).

export const USERS_PATH = '/api/users';
export const profileKey = (id: number) => [USERS_PATH, id] as const;
export const profileFilesKey = (id: number) => [USERS_PATH, id, 'files'] as const;
export const profileFoldersKey = (id: number) => [USERS_PATH, id, 'folders'] as const;
export type PeopleKind = 'followers' | 'following';
export const peopleKey = (id: number, kind: PeopleKind) => [USERS_PATH, id, kind] as const;

const MEMBER_FILES_STALE_MS = 30_000;

async function fetchPage<T>(path: string, offset: number, signal: AbortSignal): Promise<T[]> {
  const res = await fetch(path + toQueryString({ offset, limit: PAGE_SIZE }), { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as T[];
}

/** The next offset while the last page was full (spec 2 §4: offset = pages loaded × 20). */
export function nextOffset(lastPage: readonly unknown[], pages: readonly unknown[]): number | undefined {
  return lastPage.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE;
}

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
  return useQuery<FolderDto[]>({ queryKey: profileFoldersKey(id) });
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
