import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from '@/lib/call';

// Query keys of the folders feature, from the endpoint table (lib/call.ts): each starts with
// `/api/folders` (or the file's, the invite's), so invalidating a prefix refreshes everything below it.

/** The member's folders, and the prefix of every folder's keys. */
export const myFoldersKey = endpointKey('listFolders');
export const folderKey = (id: number) => endpointKey('getFolder', { params: { id } });
export const folderFilesKey = (id: number) => endpointKey('listFolderFiles', { params: { id } });
export const collaboratorsKey = (id: number) => endpointKey('listCollaborators', { params: { id } });
export const invitesKey = (id: number) => endpointKey('listInvites', { params: { id } });
export const fileFoldersKey = (fileId: number) => endpointKey('listFileFolders', { params: { id: fileId } });

/** A member's folder lists on their profile (`listUserFolders`, `countUserFolders`): `['/api/users', id, 'folders', …]`. */
const [USERS_ROOT] = endpointKey('listUserFolders');
const isProfileFolders = (key: readonly unknown[]) => key[0] === USERS_ROOT && key.includes('folders');

/** After a file joins or leaves a folder: the folder lists, its files, profiles' folders, and the file's folders. */
export function refreshFolderLinks(client: QueryClient, fileId?: number): void {
  void client.invalidateQueries({ queryKey: myFoldersKey });
  void client.invalidateQueries({ predicate: (q) => isProfileFolders(q.queryKey) });
  if (fileId !== undefined) void client.invalidateQueries({ queryKey: fileFoldersKey(fileId) });
}
