import type { Rgb } from './colour-names.ts';

const BINS = 16;

/**
 * The most common colour of 8-bit RGB pixels, as sharp's `stats().dominant` defines it: the
 * fullest of 16 × 16 × 16 bins, as that bin's centre. Counted here in one pass over pixels the
 * caller has already decoded; `stats()` also measures entropy and sharpness (a convolution) for
 * nothing, and cost an upload of a small photo more CPU than its WebP did.
 */
export function dominantColour({ data }: { data: Uint8Array }): Rgb {
  const counts = new Uint32Array(BINS * BINS * BINS);
  for (let i = 0; i + 2 < data.length; i += 3) counts[((data[i + 1] >> 4) << 8) | ((data[i] >> 4) << 4) | (data[i + 2] >> 4)]++;
  // Ties go to the first bin in the order sharp's search meets them: green, then red, then blue.
  let best = 0;
  for (let bin = 1; bin < counts.length; bin++) if (counts[bin] > counts[best]) best = bin;
  const centre = (level: number) => level * BINS + BINS / 2;
  return { r: centre((best >> 4) & 15), g: centre(best >> 8), b: centre(best & 15) };
}
