import { format } from 'date-fns';
import type { FileDto } from '@contract/files';

/** "Edited" with the time, on a file changed after posting (docs/decisions/032). */
export function EditedNote({ file }: { file: Pick<FileDto, 'editedAt'> }) {
  if (!file.editedAt) return null;
  return (
    <p className="mt-1 text-xs text-muted-foreground" data-testid="edited-note">
      Edited <time dateTime={file.editedAt}>{format(new Date(file.editedAt), "MMM d, yyyy 'at' HH:mm")}</time>
    </p>
  );
}
