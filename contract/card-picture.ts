import type { FileDto } from './files';

/** Thumbnails are made this wide (server/media/image.ts), the original kept beside them. */
export const THUMB_WIDTH = 400;

/** Card widths by column count (640/1024/1280 px breakpoints), so the browser picks thumbnail or display size. */
export const CARD_SIZES = '(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/**
 * The address of a stored file: a path starting with / is used as given,
 * anything else is a name inside the uploads folder.
 */
export function mediaUrl(filePath: string): string {
  return filePath.startsWith('/') ? filePath : `/uploads/${filePath}`;
}

export type PictureFields = Pick<FileDto, 'kind' | 'filePath' | 'thumbnailPath' | 'posterPath' | 'width'>;

/**
 * The picture a feed card shows for a file, as its `<img>` asks for it: an image by thumbnail
 * or original as the card's width needs (`srcSet` with `CARD_SIZES`), a video's or PDF's
 * poster; null for a tile without a picture. The server preloads the first cards' pictures by
 * the same addresses, so the browser uses what it fetched (server/plugins/member-preloads.ts).
 */
export function cardPicture(file: PictureFields): { src: string; srcSet?: string } | null {
  if (file.kind === 'image') {
    const srcSet = file.thumbnailPath && file.width ? `${mediaUrl(file.thumbnailPath)} ${THUMB_WIDTH}w, ${mediaUrl(file.filePath)} ${file.width}w` : undefined;
    return { src: mediaUrl(file.thumbnailPath ?? file.filePath), srcSet };
  }
  const picture = file.thumbnailPath ?? file.posterPath;
  return picture && (file.kind === 'video' || file.kind === 'pdf') ? { src: mediaUrl(picture) } : null;
}
