/**
 * The address of a stored file: a path starting with / is used as given,
 * anything else is a name inside the uploads folder.
 */
export function mediaUrl(filePath: string): string {
  return filePath.startsWith('/') ? filePath : `/uploads/${filePath}`;
}
