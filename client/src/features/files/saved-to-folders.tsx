import { FolderOpen } from 'lucide-react';

/**
 * The 'Saved to' tab. Folders are not built yet, so a file is in none: the spec's empty state.
 * The folders feature replaces this with the file's folder list (`GET /api/files/{id}/folders`).
 */
export function SavedToFolders() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-4 py-8 text-center">
      <FolderOpen className="size-7 text-muted-foreground/70" aria-hidden />
      <p className="text-sm font-medium">Not saved to any folders yet</p>
    </div>
  );
}

/** How many folders hold the file: 0 until folders exist. */
export const SAVED_FOLDER_COUNT = 0;
