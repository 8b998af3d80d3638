/**
 * The address of a stored file (spec 1 §2.2): a path starting with / is used as given,
 * anything else is a name inside the uploads folder.
 */
export function mediaUrl(filePath: string): string {
  return filePath.startsWith('/') ? filePath : `/uploads/${filePath}`;
}
