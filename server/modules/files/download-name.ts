import { acceptedTypeByMime } from '../../media/detect-type';

// Other spellings of an extension that name the same type, so `photo.jpeg` keeps its name.
const SAME_TYPE: Record<string, string[]> = {
  'image/jpeg': ['jpeg', 'jpe', 'jfif'],
  'video/mp4': ['m4v'],
  'video/ogg': ['ogg'],
  'audio/ogg': ['oga', 'opus'],
  'audio/mp4': ['mp4'],
  'audio/webm': ['webm'],
  'audio/wav': ['wave'],
  'image/heic': ['heif', 'hif'],
  'image/heif': ['heic', 'hif'],
  'video/quicktime': ['qt'],
  'video/3gpp': ['3gpp'],
  'video/3gpp2': ['3gpp2'],
  'audio/3gpp': ['3gp', '3gpp'],
  'audio/x-matroska': ['mkv'],
  'audio/aac': ['adts'],
};

/**
 * The name a download is saved under: the uploader's name with the extension of the type the
 * bytes were detected as. The extension decides what the member's computer opens the file
 * with, so `invoice.html` that is really a PDF is saved as `invoice.pdf`, never as HTML.
 */
export function downloadName(originalName: string, detectedMime: string): string {
  const type = acceptedTypeByMime(detectedMime);
  if (!type) return originalName;
  const dot = originalName.lastIndexOf('.');
  const stem = dot > 0 ? originalName.slice(0, dot) : originalName;
  const ext = dot > 0 ? originalName.slice(dot + 1).toLowerCase() : '';
  if (ext === type.ext || SAME_TYPE[type.mime]?.includes(ext)) return originalName;
  return `${stem}.${type.ext}`;
}
