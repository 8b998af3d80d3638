import { AVATAR_MAX_BYTES } from '@contract/limits';
import { settingsMessages as m } from '@contract/settings';

/** The browser's checks before an avatar upload: the toast to show, or null when the file may go. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): { title: string; description: string } | null {
  if (!file.type.startsWith('image/')) return { title: m.invalidFileTypeTitle, description: m.selectImage };
  if (file.size > AVATAR_MAX_BYTES) return { title: m.fileTooLargeTitle, description: m.imageTooLarge };
  return null;
}
