import { cosine } from './embedding.ts';
import { hammingDistance } from './perceptual-hash.ts';

/** What identifies an image as a copy of another: always the hash; the embedding once the model ran. */
export type ImageFingerprint = { phash: string; embedding: Int8Array | null };

/**
 * Thresholds measured on the quality test's fixtures (docs/decisions/024): same-photo variants are
 * within 2 bits unless cropped (10–28 bits), distinct photos 22+ bits apart; the embedding puts a
 * 10–20 % crop at 0.87+ of its original and distinct photos at most 0.62.
 */
export const NEAR_DUPLICATE = { maxHashBits: 8, minCosine: 0.8 } as const;

/** True when `b` looks like a re-encode, resize, colour shift or small crop of `a`. */
export function isNearDuplicate(a: ImageFingerprint, b: ImageFingerprint): boolean {
  // An empty hash: the image could not be decoded when it was fingerprinted.
  if (a.phash && b.phash && hammingDistance(a.phash, b.phash) <= NEAR_DUPLICATE.maxHashBits) return true;
  return a.embedding !== null && b.embedding !== null && cosine(a.embedding, b.embedding) >= NEAR_DUPLICATE.minCosine;
}
