import type { QueryClient } from '@tanstack/react-query';

// Query keys of the folders feature. Each starts with its API path, so the default query
// function reads it and invalidating a prefix refreshes everything below it.

export const FOLDERS_PATH = '/api/folders';
export const myFoldersKey = [FOLDERS_PATH] as const;
export const folderKey = (id: number) => [FOLDERS_PATH, id] as const;
export const folderFilesKey = (id: number) => [FOLDERS_PATH, id, 'files'] as const;
export const folderPreviewKey = (id: number) => [FOLDERS_PATH, id, 'preview'] as const;
export const collaboratorsKey = (id: number) => [FOLDERS_PATH, id, 'collaborators'] as const;
export const invitesKey = (id: number) => [FOLDERS_PATH, id, 'invites'] as const;
export const fileFoldersKey = (fileId: number) => ['/api/files', fileId, 'folders'] as const;
export const inviteKey = (token: string) => ['/api/invites', token] as const;

/** After a file joins or leaves a folder: the folder lists, its files, and the file's folders. */
export function refreshFolderLinks(client: QueryClient, fileId?: number): void {
  void client.invalidateQueries({ queryKey: [FOLDERS_PATH] });
  void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === '/api/users' && q.queryKey.some((part) => typeof part === 'string' && part.includes('folders')) });
  if (fileId !== undefined) void client.invalidateQueries({ queryKey: fileFoldersKey(fileId) });
}
