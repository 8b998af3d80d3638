import type { LucideIcon } from 'lucide-react';
// One module per icon: the server renders these too (its public pages), and the package's index
// would load all of its icons into every server process.
import FileAudio from 'lucide-react/icons/file-audio';
import FileImage from 'lucide-react/icons/file-image';
import FileSpreadsheet from 'lucide-react/icons/file-spreadsheet';
import FileText from 'lucide-react/icons/file-text';
import FileVideo from 'lucide-react/icons/file-video';
import FileIcon from 'lucide-react/icons/file';
import type { FileDto } from '@contract/files';

type Kind = FileDto['kind'];

const KIND_ICONS: Record<Kind, LucideIcon> = {
  image: FileImage,
  video: FileVideo,
  audio: FileAudio,
  pdf: FileText,
  document: FileText,
};

/** Gradient per kind for tiles of files that have no picture. */
export const KIND_GRADIENTS: Record<Kind, string> = {
  image: 'from-sky-500 to-indigo-600',
  video: 'from-fuchsia-500 to-purple-700',
  audio: 'from-amber-400 to-orange-600',
  pdf: 'from-rose-500 to-red-700',
  document: 'from-emerald-500 to-teal-700',
};

/** The icon for a file, told by its kind or, for documents, by its media type. */
export function iconForFile(file: Pick<FileDto, 'kind' | 'fileType'>): LucideIcon {
  if (file.kind === 'document' && /sheet|excel/.test(file.fileType)) return FileSpreadsheet;
  return KIND_ICONS[file.kind] ?? FileIcon;
}

/** The uppercase type shown on a tile: PDF, MP4, DOCX, XLSX… from the media type. */
export function typeLabel(file: Pick<FileDto, 'fileType' | 'name' | 'kind'>): string {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1];
  if (extension) return extension.toUpperCase();
  const subtype = file.fileType.split('/')[1] ?? file.kind;
  if (file.fileType === 'audio/mpeg') return 'MP3';
  if (file.fileType === 'audio/mp4' || subtype === 'x-m4a') return 'M4A';
  if (subtype === 'quicktime') return 'MOV';
  if (subtype.includes('wordprocessingml')) return 'DOCX';
  if (subtype.includes('spreadsheetml')) return 'XLSX';
  if (subtype === 'msword') return 'DOC';
  if (subtype.includes('ms-excel')) return 'XLS';
  return subtype.replace(/^x-/, '').toUpperCase();
}
