import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api';
import { refreshFileLists } from '@/features/files/file-queries';
import type { FolderDto } from './folder-types';
import { folderKey, FOLDERS_PATH, refreshFolderLinks } from './folder-queries';
import { failureToast } from './folder-toasts';

export interface NewFolder {
  name: string;
  description?: string;
}

/** `POST /api/folders` with the trimmed name; the caller decides what the success looks like. */
export function useCreateFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, description }: NewFolder) =>
      apiRequest<FolderDto>('POST', FOLDERS_PATH, { name: name.trim(), ...(description?.trim() ? { description: description.trim() } : {}) }),
    onSuccess: () => refreshFolderLinks(client),
    retry: false,
  });
}

/** `POST /api/files/{id}/folders`: the file joins a folder (the save dialogs). */
export function useSaveFileToFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, folderId }: { fileId: number; folderId: number }) => apiRequest('POST', `/api/files/${fileId}/folders`, { folderId }),
    onSuccess: (_r, { fileId }) => refreshFolderLinks(client, fileId),
    retry: false,
  });
}

/** `POST /api/folders/{id}/files` and `DELETE …/files/{fileId}` for many files at once (Edit Files). */
export function useUpdateFolderFiles(folderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ add, remove }: { add: number[]; remove: number[] }) => {
      for (const fileId of add) await apiRequest('POST', `/api/folders/${folderId}/files`, { fileId });
      for (const fileId of remove) await apiRequest('DELETE', `/api/folders/${folderId}/files/${fileId}`);
    },
    onSettled: () => {
      refreshFolderLinks(client);
      void client.invalidateQueries({ queryKey: ['/api/files'] });
    },
    onSuccess: () => toast({ title: 'Folder updated' }),
    onError: (error) => failureToast(error, 'Failed to update folder'),
    retry: false,
  });
}

export function useRemoveFileFromFolder(folderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => apiRequest('DELETE', `/api/folders/${folderId}/files/${fileId}`),
    onSuccess: (_r, fileId) => {
      refreshFolderLinks(client, fileId);
      toast({ title: 'File removed from folder successfully' });
    },
    onError: (error) => failureToast(error, 'Failed to remove file from folder'),
    retry: false,
  });
}

export function useDeleteFolder(onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (folderId: number) => apiRequest('DELETE', `/api/folders/${folderId}`),
    onSuccess: (_r, folderId) => {
      client.removeQueries({ queryKey: folderKey(folderId) });
      refreshFolderLinks(client);
      void refreshFileLists(client);
      toast({ title: 'Folder deleted successfully' });
      onDeleted();
    },
    onError: (error) => failureToast(error, 'Failed to delete folder'),
    retry: false,
  });
}

export function useSetFolderVisibility(folderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (isPublic: boolean) => apiRequest<FolderDto>('PATCH', `/api/folders/${folderId}`, { isPublic }),
    onSuccess: (_r, isPublic) => {
      refreshFolderLinks(client);
      toast({ title: isPublic ? 'Folder is now public' : 'Folder is now private' });
    },
    onError: (error) => failureToast(error, 'Failed to update folder privacy'),
    retry: false,
  });
}
