import { describe, expect, it } from 'vitest';
import { EMBEDDING_DIMS } from './embedding';
import { isNearDuplicate, NEAR_DUPLICATE } from './near-duplicate';
import { hammingDistance } from './perceptual-hash';

const flip = (hash: string, bits: number) => (BigInt(`0x${hash}`) ^ ((1n << BigInt(bits)) - 1n)).toString(16).padStart(16, '0');
const unit = (tilt: number) => Int8Array.from({ length: EMBEDDING_DIMS }, (_, i) => (i === 0 ? 100 : i === 1 ? Math.round(100 * tilt) : 0));

describe('near-duplicates', () => {
  const hash = '7ae8848a6267fa8d';

  it('counts differing bits', () => {
    expect(hammingDistance(hash, hash)).toBe(0);
    expect(hammingDistance(hash, flip(hash, 5))).toBe(5);
  });

  it('flags a hash within the threshold, or an embedding above the cosine threshold', () => {
    expect(isNearDuplicate({ phash: hash, embedding: null }, { phash: flip(hash, NEAR_DUPLICATE.maxHashBits), embedding: null })).toBe(true);
    expect(isNearDuplicate({ phash: hash, embedding: null }, { phash: flip(hash, NEAR_DUPLICATE.maxHashBits + 1), embedding: null })).toBe(false);
    // A crop: the hash moved far, the embedding stayed close (cosine ≈ 0.98).
    expect(isNearDuplicate({ phash: hash, embedding: unit(0) }, { phash: flip(hash, 30), embedding: unit(0.2) })).toBe(true);
    // cosine ≈ 0.71: a different photo.
    expect(isNearDuplicate({ phash: hash, embedding: unit(0) }, { phash: flip(hash, 30), embedding: unit(1) })).toBe(false);
  });

  it('never matches on an empty hash (an image that could not be decoded)', () => {
    expect(isNearDuplicate({ phash: '', embedding: null }, { phash: '', embedding: null })).toBe(false);
  });
});
