import sharp, { type Metadata, type Sharp } from 'sharp';
import { UnsupportedImageError } from './errors.ts';
import { RECOGNITION_LIMITS } from './thresholds.ts';
import type { Rgb } from './colour-names.ts';
import { dominantColour } from './dominant-colour.ts';

/** What the model-free extras need: the upright size and the dominant colour. */
export type ImageFacts = { width: number; height: number; dominant: Rgb };

/** Tightly packed 8-bit RGB pixels, row-major: the layout `tf.tensor3d` expects. */
export type RgbPixels = { data: Uint8Array; width: number; height: number };

export type DecodedImage = { facts: ImageFacts; detection: RgbPixels; nsfw: RgbPixels };

const INPUT_OPTIONS = {
  limitInputPixels: RECOGNITION_LIMITS.maxInputPixels,
  // Truncated uploads still decode to something useful; only unreadable data is refused.
  failOn: 'error',
} as const;

// The size shown to people is the upright one, so EXIF orientations 5–8 swap the sides.
async function readUprightSize(image: Buffer): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    // Headers only: the pixel limit is checked below, so a bomb gets its own message.
    metadata = await sharp(image, { ...INPUT_OPTIONS, limitInputPixels: false }).metadata();
  } catch (error) {
    throw new UnsupportedImageError(undefined, { cause: error });
  }
  if (!metadata.width || !metadata.height) throw new UnsupportedImageError();
  if (metadata.width * metadata.height > RECOGNITION_LIMITS.maxInputPixels) {
    throw new UnsupportedImageError('The image has too many pixels to analyse');
  }
  return metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
}

async function toRgb(pipeline: Sharp): Promise<RgbPixels> {
  try {
    // toColourspace('srgb') also expands greyscale to three channels for the models.
    const { data, info } = await pipeline.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
  } catch (error) {
    throw new UnsupportedImageError(undefined, { cause: error });
  }
}

function fromRgb(pixels: RgbPixels): Sharp {
  return sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } });
}

// One decode of the upload, downscaled once; the smaller inputs are derived from that
// buffer, so a 10 MB JPEG is decompressed a single time per request.
export async function decodeForModels(image: Buffer): Promise<DecodedImage> {
  const size = await readUprightSize(image);
  const side = RECOGNITION_LIMITS.detectionMaxSide;
  const detection = await toRgb(
    sharp(image, INPUT_OPTIONS).autoOrient().resize(side, side, { fit: 'inside', withoutEnlargement: true }),
  );
  const nsfwSide = RECOGNITION_LIMITS.nsfwInputSize;
  // nsfwjs itself stretches its input to a square, so 'fill' matches what it was tested with.
  const nsfw = await toRgb(fromRgb(detection).resize(nsfwSide, nsfwSide, { fit: 'fill' }));
  return { facts: { ...size, dominant: dominantColour(detection) }, detection, nsfw };
}

/**
 * The model-free part alone, for AUTOTAG=off: the facts and the small upright pixels the
 * perceptual hash is made from. sharp runs on libuv's pool, off the event loop.
 */
export async function describeImage(image: Buffer): Promise<{ facts: ImageFacts; small: RgbPixels }> {
  const size = await readUprightSize(image);
  const small = await toRgb(sharp(image, INPUT_OPTIONS).autoOrient().resize(256, 256, { fit: 'inside', withoutEnlargement: true }));
  return { facts: { ...size, dominant: dominantColour(small) }, small };
}
