import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import type { FileDto } from '../../../contract/files';
import { DISPLAY_MAX_SIDE } from '../../media/image';
import { createKeyedCache } from '../../lib/keyed-cache';
import { ALL, type InvalidationBus } from '../../lib/invalidation-bus';
import type { Storage } from '../../storage/storage';

/** What link previews get as `og:image` when a file has no JPEG of its own wide enough. */
export const SHARE_CARD = { width: 1200, height: 630 } as const;
/** The smallest `og:image` width link previews use as a large image. */
export const SHARE_MIN_WIDTH = 600;
/** The neutral card (client/public): files without a picture, sensitive files, profiles and folders without images. */
export const NEUTRAL_CARD_PATH = '/share-card.png';

export type ShareImage = { path: string; width: number; height: number; type: string };

/** The stored picture a share card is made from: an image's display copy, a video's poster, a PDF's first page. */
export function shareSourceKey(file: Pick<FileDto, 'kind' | 'filePath' | 'posterPath'>): string | null {
  const path = file.kind === 'image' ? file.filePath : file.kind === 'video' || file.kind === 'pdf' ? file.posterPath : null;
  return path?.startsWith('/uploads/') ? path.slice('/uploads/'.length) : null;
}

/** The display copy's size: the original scaled into 2048 × 2048 (media/image.ts), never enlarged. */
function displaySize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, DISPLAY_MAX_SIDE / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * The `og:image` of a file a visitor may see, or null when a preview must show the neutral card
 * (sensitive, or nothing to show). An image whose JPEG copy is at least 600 px wide is used as it
 * is (no work); anything else with a picture gets the 1200 × 630 card of `getFileShareImage`.
 */
export function shareImageOf(file: FileDto, shareImagePath: string, compressedPath: string | null): ShareImage | null {
  if (file.isNsfw) return null;
  if (file.kind === 'image' && compressedPath && file.width && file.height) {
    const size = displaySize(file.width, file.height);
    if (size.width >= SHARE_MIN_WIDTH) return { path: compressedPath, ...size, type: 'image/jpeg' };
  }
  return shareSourceKey(file) ? { path: shareImagePath, ...SHARE_CARD, type: 'image/jpeg' } : null;
}

/**
 * Makes share cards: the picture whole, centred over a blurred, darkened cover of itself, as a
 * 1200 × 630 JPEG. Made when a preview first asks (a chat app, once per link) and kept in memory
 * until the file changes; a small picture is not enlarged, so it stays sharp.
 */
export function createShareImages(storage: Pick<Storage, 'get'>, bus: InvalidationBus) {
  const made = createKeyedCache<number, Buffer>({ max: 200, reliable: bus.reliable });
  bus.subscribe('feed', () => made.clear());
  bus.subscribe('file', (key) => (key === ALL ? made.clear() : made.drop(Number(key))));

  async function render(sourceKey: string): Promise<Buffer> {
    const source = await buffer(await storage.get(sourceKey));
    const { width, height } = SHARE_CARD;
    const backdrop = await sharp(source).resize(width, height, { fit: 'cover' }).blur(40).modulate({ brightness: 0.55 }).toBuffer();
    const picture = await sharp(source).resize(width - 80, height - 60, { fit: 'inside', withoutEnlargement: true }).toBuffer();
    return sharp(backdrop).composite([{ input: picture, gravity: 'centre' }]).jpeg({ quality: 82, progressive: true, mozjpeg: true }).toBuffer();
  }

  return {
    /** The card of this file (whose visibility the caller checked), or null when it has no picture. */
    async get(file: FileDto): Promise<Buffer | null> {
      const key = shareSourceKey(file);
      if (!key) return null;
      return made.get(file.id, () => render(key));
    },
  };
}
export type ShareImages = ReturnType<typeof createShareImages>;
