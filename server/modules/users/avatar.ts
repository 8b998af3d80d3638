import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { settingsMessages } from '../../../contract/settings';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../../lib/errors';

export const AVATAR_SIZE = 256;
export const AVATAR_PREFIX = 'avatars/';
/** Refused before decoding: a small file that claims huge dimensions cannot exhaust memory. */
const MAX_INPUT_PIXELS = 50_000_000;
const AVATAR_NAME = /^[A-Za-z0-9_-]{16,64}\.webp$/;

/**
 * Decodes the bytes (never trusting the name or the browser's type) and re-encodes them as a
 * square WebP. sharp writes no metadata unless asked, so EXIF (GPS included) is dropped;
 * the orientation is applied first so the picture stays upright without it.
 */
export async function renderAvatar(input: Buffer): Promise<Buffer> {
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true })
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new PayloadTooLargeError(`Image dimensions are too large (max ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`);
    }
    throw new UnsupportedMediaTypeError(settingsMessages.selectImage);
  }
}

/** A random, never reused key, so the bytes behind one URL never change and may be cached for good. */
export function newAvatarKey(): string {
  return `${AVATAR_PREFIX}${randomBytes(18).toString('base64url')}.webp`;
}

export function isAvatarName(name: string): boolean {
  return AVATAR_NAME.test(name);
}
