import { folderFormErrors, folderMessages } from './folder-rules';
import type { FolderDto } from './folder-types';
import { failureToast, savedToast } from './folder-toasts';
import { useCreateFolder, useSaveFileToFolder } from './use-folder-mutations';

/**
 * The save flow: save into a chosen folder, or create one (trimmed name), then
 * save into it; success toasts link to the folder. Answers a validation message or null.
 */
export function useSaveFlow(fileId: number, onSaved: () => void) {
  const creation = useCreateFolder();
  const saving = useSaveFileToFolder();

  function saveInto(folder: Pick<FolderDto, 'id' | 'name'>, created: boolean) {
    saving.mutate(
      { fileId, folderId: folder.id },
      {
        onSuccess: () => {
          savedToast(folder, created);
          onSaved();
        },
        onError: (error) => failureToast(error, 'Failed to save file to folder'),
      },
    );
  }

  function save(folder: Pick<FolderDto, 'id' | 'name'> | null | undefined): string | null {
    if (!folder) return folderMessages.selectFolder;
    saveInto(folder, false);
    return null;
  }

  function createAndSave(name: string): string | null {
    const trimmed = name.trim();
    if (!trimmed) return folderMessages.enterName;
    const tooLong = folderFormErrors(trimmed, '').name;
    if (tooLong) return tooLong;
    creation.mutate(
      { name: trimmed },
      {
        onSuccess: (folder) => saveInto(folder, true),
        onError: (error) => failureToast(error, 'Failed to create folder'),
      },
    );
    return null;
  }

  return { save, createAndSave, isPending: creation.isPending || saving.isPending };
}
