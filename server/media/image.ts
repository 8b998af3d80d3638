import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { THUMB_WIDTH } from '../../contract/card-picture';
import { ImageTooLargeError, UnsupportedMediaError } from './media-errors';

// 100 megapixels: above any phone or DSLR photo, far below what a crafted "bomb" declares.
export const MAX_INPUT_PIXELS = 100_000_000;
export const DISPLAY_MAX_SIDE = 2048;
const THUMB_MAX_HEIGHT = 1200;
const PLACEHOLDER_SIDE = 16;

export interface ImageDerivatives {
  /** Size after EXIF orientation, of the original. */
  width: number;
  height: number;
  /** JPEG, long side ≤ 2048 px; absent for stills (posters, previews) that only need WebP. */
  compressed?: Buffer;
  webp: Buffer;
  thumbnail: Buffer;
  /** A ~16 px WebP as a data URL, to show blurred while the thumbnail loads. */
  placeholder: string;
}

export interface ImageOptions {
  /** Whether to produce the JPEG too (uploaded photos) or only WebP (video posters, PDF previews). */
  jpeg?: boolean;
  /**
   * 'exif' (default): turn the pixels as the EXIF orientation tag says. 'decoded': they are
   * upright already (a HEIC decoded with its `irot`/`imir` transforms, whose EXIF tag
   * must be ignored, as the HEIF standard says).
   */
  orientation?: 'exif' | 'decoded';
}

// Decoding is the expensive step, so it happens once: the oriented image is scaled to the
// display bound into raw pixels, and every output is encoded from those. A JPEG's
// shrink-on-load makes that single decode cheaper still. Metadata never survives raw pixels.
export async function processImage(input: string | Buffer, options: ImageOptions = {}): Promise<ImageDerivatives> {
  const exifOrientation = options.orientation !== 'decoded';
  const source = openImage(input, exifOrientation);
  const metadata = await guard(() => source.metadata());
  const width = (exifOrientation ? metadata.autoOrient?.width : undefined) ?? metadata.width;
  const height = (exifOrientation ? metadata.autoOrient?.height : undefined) ?? metadata.height;
  if (!width || !height) throw new UnsupportedMediaError('This image could not be read');

  const { data, info } = await guard(() =>
    source
      .resize(DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true }),
  );
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const pixels = () => sharp(data, { raw });

  // An image inside the thumbnail's box would be encoded twice from the same pixels: its
  // display WebP is its thumbnail too (encoding WebP is the costliest step of a small upload).
  const fitsThumbnail = info.width <= THUMB_WIDTH && info.height <= THUMB_MAX_HEIGHT;
  const webpOut = pixels().webp({ quality: 80 }).toBuffer();
  const [compressed, webp, thumbnail, tiny] = await Promise.all([
    options.jpeg
      ? pixels().flatten({ background: '#ffffff' }).jpeg({ quality: 80, progressive: true }).toBuffer()
      : undefined,
    webpOut,
    fitsThumbnail
      ? webpOut
      : pixels().resize(THUMB_WIDTH, THUMB_MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
    pixels().resize(PLACEHOLDER_SIDE, PLACEHOLDER_SIDE, { fit: 'inside' }).webp({ quality: 40 }).toBuffer(),
  ]);
  return {
    width,
    height,
    compressed,
    webp,
    thumbnail,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}

/**
 * The original as it will be published: when it carries EXIF, XMP or IPTC (camera, GPS,
 * author…), re-encoded in its own format with orientation applied and only the colour profile
 * kept; otherwise null, and the uploaded bytes can be served as they are.
 */
export async function sanitizeOriginal(input: string | Buffer): Promise<Buffer | null> {
  const metadata = await guard(() => openImage(input).metadata());
  if (!metadata.exif && !metadata.xmp && !metadata.iptc && !hasOrientation(metadata.orientation)) return null;
  // All frames: an animated GIF or WebP must stay animated.
  const image = sharp(input, { ...inputOptions(), animated: true }).keepIccProfile();
  switch (metadata.format) {
    case 'jpeg':
      return guard(() => image.jpeg({ quality: 92 }).toBuffer());
    case 'png':
      return guard(() => image.png().toBuffer());
    case 'webp':
      return guard(() => image.webp({ quality: 90 }).toBuffer());
    case 'gif':
      return guard(() => image.gif().toBuffer());
    default:
      throw new UnsupportedMediaError();
  }
}

function hasOrientation(orientation: number | undefined): boolean {
  return orientation !== undefined && orientation !== 1;
}

function openImage(input: string | Buffer, autoOrient = true): Sharp {
  return sharp(input, inputOptions(autoOrient));
}

function inputOptions(autoOrient = true): SharpOptions {
  // 'error' rather than the default 'warning': phone photos with a slightly truncated tail
  // are common and still display; only undecodable data is refused.
  return { limitInputPixels: MAX_INPUT_PIXELS, autoOrient, failOn: 'error' };
}

// sharp reports everything as a plain Error; turn it into what the user is told.
async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new ImageTooLargeError(MAX_INPUT_PIXELS, { cause: error });
    throw new UnsupportedMediaError('This image could not be read. It may be damaged or in an unsupported format.', {
      cause: error,
    });
  }
}
