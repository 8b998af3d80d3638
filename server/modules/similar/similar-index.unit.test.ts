import { describe, expect, it } from 'vitest';
import { cosine, EMBEDDING_DIMS } from '../../media/recognition/embedding';
import { dotKernel, instantiateDots } from './dot-kernel';
import { createSimilarIndex } from './similar-index';

function randomVector(seed: number): Int8Array {
  let state = seed;
  return Int8Array.from({ length: EMBEDDING_DIMS }, () => {
    state = (Math.imul(state, 1103515245) + 12345) | 0;
    return ((state >>> 16) % 255) - 127;
  });
}

const source = (vectors: Int8Array[]) => ({
  allEmbeddings: async () => vectors.map((embedding, i) => ({ fileId: i + 1, embedding })),
  embedding: async () => null,
});

describe('the dot-product kernel', () => {
  it('is valid WebAssembly SIMD here, and agrees with the scalar loop', () => {
    expect(dotKernel()).not.toBeNull();
    const memory = new WebAssembly.Memory({ initial: 2 });
    const dots = instantiateDots(memory)!;
    const bytes = new Int8Array(memory.buffer);
    const query = randomVector(1);
    const stored = [randomVector(2), randomVector(3), query, Int8Array.from({ length: EMBEDDING_DIMS }, () => -127)];
    bytes.set(query, 0);
    stored.forEach((v, i) => bytes.set(v, 4096 + i * EMBEDDING_DIMS));
    dots(4096, stored.length, 1024, EMBEDDING_DIMS);
    const scores = new Int32Array(memory.buffer, 1024, stored.length);
    expect([...scores]).toEqual(stored.map((v) => v.reduce((sum, x, j) => sum + x * query[j], 0)));
  });
});

describe('the neighbour index', () => {
  it('answers the k nearest by cosine, best first, exactly as a scan would', async () => {
    const vectors = Array.from({ length: 3000 }, (_, i) => randomVector(i + 10));
    const index = createSimilarIndex(source(vectors));
    await index.start();
    const query = vectors[42];
    const expected = vectors
      .map((v, i) => ({ id: i + 1, score: cosine(query, v) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 10)
      .map((n) => n.id);
    expect(index.nearest(query, 10).map((n) => n.id)).toEqual(expected);
    expect(index.nearest(query, 1)[0]).toMatchObject({ id: 43, score: expect.closeTo(1, 5) });
  });

  it('grows past its first capacity and stays packed when files leave', async () => {
    const index = createSimilarIndex(source([]));
    await index.start();
    for (let id = 1; id <= 2500; id++) index.add(id, randomVector(id));
    expect(index.size()).toBe(2500);
    for (let id = 1; id <= 2500; id += 2) index.remove(id);
    expect(index.size()).toBe(1250);
    const hits = index.nearest(randomVector(100), 5).map((n) => n.id);
    expect(hits[0]).toBe(100);
    expect(hits.every((id) => id % 2 === 0)).toBe(true);
    expect(index.nearest(randomVector(101), 1250).map((n) => n.id)).not.toContain(101);
  });
});
