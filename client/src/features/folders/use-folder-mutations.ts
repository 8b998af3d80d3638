import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { call } from '@/lib/call';
import { refreshFileLists } from '@/features/files/file-queries';
import type { FolderDto } from './folder-types';
import { fileFoldersKey, folderKey, refreshFolderLinks } from './folder-queries';
import { failureToast } from './folder-toasts';

export interface NewFolder {
  name: string;
  description?: string;
  /** Admins only (the server refuses anyone else): visible to admins and its owner. */
  isAdminOnly?: boolean;
}

/** `createFolder` with the trimmed name; the caller decides what the success looks like. */
export function useCreateFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, description, isAdminOnly }: NewFolder) =>
      call('createFolder', { body: { name: name.trim(), ...(description?.trim() ? { description: description.trim() } : {}), ...(isAdminOnly ? { isAdminOnly } : {}) } }),
    onSuccess: () => refreshFolderLinks(client),
    retry: false,
  });
}

/** `addFileFolder`: the file joins a folder (the save dialogs). */
export function useSaveFileToFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, folderId }: { fileId: number; folderId: number }) => call('addFileFolder', { params: { id: fileId }, body: { folderId } }),
    onSuccess: (_r, { fileId }) => refreshFolderLinks(client, fileId),
    retry: false,
  });
}

/** `addFolderFile` and `removeFolderFile` for many files at once (Edit Files). */
export function useUpdateFolderFiles(folderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ add, remove }: { add: number[]; remove: number[] }) => {
      for (const fileId of add) await call('addFolderFile', { params: { id: folderId }, body: { fileId } });
      for (const fileId of remove) await call('removeFolderFile', { params: { id: folderId, fileId } });
    },
    onSettled: (_result, _error, { add, remove }) => {
      refreshFolderLinks(client);
      // The folders of each file added or removed (their 'Saved to' lists).
      for (const fileId of [...add, ...remove]) void client.invalidateQueries({ queryKey: fileFoldersKey(fileId) });
    },
    onSuccess: () => toast({ title: 'Folder updated' }),
    onError: (error, { add }) => failureToast(error, add.length ? 'Failed to add files to folder' : 'Failed to update folder'),
    retry: false,
  });
}

export function useRemoveFileFromFolder(folderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => call('removeFolderFile', { params: { id: folderId, fileId } }),
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
    mutationFn: (folderId: number) => call('deleteFolder', { params: { id: folderId } }),
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

export type FolderVisibility = 'public' | 'private' | 'admin';

/** The body that makes a folder `to`; `isAdminOnly` is sent only when it changes (only admins may send it). */
export function visibilityBody(folder: Pick<FolderDto, 'isAdminOnly'>, to: FolderVisibility): { isPublic: boolean; isAdminOnly?: boolean } {
  if (to === 'admin') return { isPublic: false, isAdminOnly: true };
  return { isPublic: to === 'public', ...(folder.isAdminOnly ? { isAdminOnly: false } : {}) };
}

const VISIBILITY_TOASTS: Record<FolderVisibility, string> = { public: 'Folder is now public', private: 'Folder is now private', admin: 'Folder is now admin-only' };

/** Make Public / Make Private for owners, and Make Admin-only for admins. */
export function useSetFolderVisibility(folder: Pick<FolderDto, 'id' | 'isAdminOnly'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (to: FolderVisibility) => call('updateFolder', { params: { id: folder.id }, body: visibilityBody(folder, to) }),
    onSuccess: (_r, to) => {
      refreshFolderLinks(client);
      toast({ title: VISIBILITY_TOASTS[to] });
    },
    onError: (error) => failureToast(error, 'Failed to update folder privacy'),
    retry: false,
  });
}
