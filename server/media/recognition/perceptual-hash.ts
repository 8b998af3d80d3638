import sharp from 'sharp';
import type { RgbPixels } from './image-decode.ts';

// A 64-bit DCT perceptual hash (pHash): the signs of the lowest 8×8 frequencies of the image at
// 32×32 in grey, against their median. Re-encodes, resizes and colour shifts of one photo land
// within a few bits of each other; distinct photos differ in about half of them. It needs no
// model, so duplicates are found with AUTOTAG=off too (docs/decisions/024-more-like-this.md).
const SIDE = 32;
const LOW = 8;

const cosines = (() => {
  const table = new Float64Array(LOW * SIDE);
  for (let u = 0; u < LOW; u++) for (let x = 0; x < SIDE; x++) table[u * SIDE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE));
  return table;
})();

/** The hash as 16 hex digits. */
export async function perceptualHash(pixels: RgbPixels): Promise<string> {
  const grey = await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
    .greyscale()
    .resize(SIDE, SIDE, { fit: 'fill' })
    .raw()
    .toBuffer();
  // Separable 2-D DCT, only the LOW×LOW corner.
  const rows = new Float64Array(SIDE * LOW);
  for (let y = 0; y < SIDE; y++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let x = 0; x < SIDE; x++) sum += grey[y * SIDE + x] * cosines[u * SIDE + x];
      rows[y * LOW + u] = sum;
    }
  }
  const coefficients: number[] = [];
  for (let v = 0; v < LOW; v++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let y = 0; y < SIDE; y++) sum += rows[y * LOW + u] * cosines[v * SIDE + y];
      coefficients.push(sum);
    }
  }
  // The DC term (overall brightness) is left out of the median.
  const median = [...coefficients.slice(1)].sort((a, b) => a - b)[(coefficients.length - 1) >> 1];
  let hash = 0n;
  for (let i = 0; i < coefficients.length; i++) if (coefficients[i] > median) hash |= 1n << BigInt(i);
  return hash.toString(16).padStart(16, '0');
}

/** Bits in which two hashes differ (0–64). */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count++;
  }
  return count;
}
