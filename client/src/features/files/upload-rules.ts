import type { FileRejection } from 'react-dropzone';
import { fileMessages } from '@contract/file-rules';
import { FILE_MAX_BYTES } from '@contract/limits';

/**
 * What the picker accepts (the listed types plus audio and what phones record, decision 020);
 * the server checks the bytes again. Extensions matter as much as types: browsers on many
 * systems give a HEIC or FLAC file no type at all.
 */
export const UPLOAD_ACCEPT: Record<string, string[]> = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
  'image/avif': ['.avif'],
  'video/mp4': ['.mp4', '.m4v'],
  'video/webm': ['.webm'],
  'video/ogg': ['.ogv'],
  'video/quicktime': ['.mov'],
  'video/x-matroska': ['.mkv'],
  'video/3gpp': ['.3gp'],
  'video/3gpp2': ['.3g2'],
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
  'audio/flac': ['.flac'],
  'audio/x-flac': ['.flac'],
  'audio/aac': ['.aac'],
  'audio/x-matroska': ['.mka'],
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
