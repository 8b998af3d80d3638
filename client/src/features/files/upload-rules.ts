import type { FileRejection } from 'react-dropzone';
import { fileMessages } from '@contract/files';
import { FILE_MAX_BYTES } from '@contract/limits';

/** What the picker accepts (spec 2 §5 plus audio, DESIGN.md); the server checks the bytes again. */
export const UPLOAD_ACCEPT: Record<string, string[]> = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'video/mp4': ['.mp4'],
  'video/webm': ['.webm'],
  'video/ogg': ['.ogv'],
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'audio/mpeg': ['.mp3'],
  'audio/ogg': ['.ogg', '.oga'],
  'audio/wav': ['.wav'],
  'audio/x-wav': ['.wav'],
  'audio/mp4': ['.m4a'],
  'audio/x-m4a': ['.m4a'],
};

export const UPLOAD_MAX_BYTES = FILE_MAX_BYTES;

/** One line per refused file: too large, type not supported, or the picker's own message. */
export function rejectionLines(rejections: readonly FileRejection[]): string[] {
  return rejections.map(({ file, errors }) => {
    const codes = errors.map((error) => error.code);
    if (codes.includes('file-too-large')) return fileMessages.tooLarge(file.name);
    if (codes.includes('file-invalid-type')) return fileMessages.unsupported(file.name);
    return `${file.name}: ${errors[0]?.message ?? 'File not accepted'}`;
  });
}
