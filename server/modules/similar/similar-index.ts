import { EMBEDDING_DIMS } from '../../media/recognition/embedding';
import { ALL, type InvalidationBus } from '../../lib/invalidation-bus';
import { instantiateDots } from './dot-kernel';

/** The `embeddings` key of a file whose embedding was just stored. */
export const addedEmbeddingKey = (id: number) => `+${id}`;
/** The `embeddings` key of a deleted file. */
export const removedKey = (id: number) => `-${id}`;

export type Neighbour = { id: number; score: number };

type Source = {
  allEmbeddings(): Promise<{ fileId: number; embedding: Int8Array }[]>;
  embedding(fileId: number): Promise<Int8Array | null>;
};

/** A bounded min-heap of the best `size` (score, slot) pairs seen. */
function topK(size: number) {
  const scores = new Float64Array(size);
  const slots = new Int32Array(size);
  let n = 0;
  function siftDown(i: number): void {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && scores[l] < scores[m]) m = l;
      if (r < n && scores[r] < scores[m]) m = r;
      if (m === i) return;
      [scores[i], scores[m]] = [scores[m], scores[i]];
      [slots[i], slots[m]] = [slots[m], slots[i]];
      i = m;
    }
  }
  return {
    /** The score a newcomer must beat once the heap is full. */
    floor: () => (n < size ? -Infinity : scores[0]),
    push(score: number, slot: number): void {
      if (n < size) {
        let i = n++;
        scores[i] = score;
        slots[i] = slot;
        while (i > 0) {
          const p = (i - 1) >> 1;
          if (scores[p] <= scores[i]) break;
          [scores[i], scores[p]] = [scores[p], scores[i]];
          [slots[i], slots[p]] = [slots[p], slots[i]];
          i = p;
        }
      } else if (score > scores[0]) {
        scores[0] = score;
        slots[0] = slot;
        siftDown(0);
      }
    },
    slots: () => Array.from(slots.subarray(0, n)),
  };
}

const QUERY_BYTES = 1024; // the query at 0; the scores start here
const PAGE = 65_536;

/** Typed views of one WebAssembly memory: the query at 0, then `capacity` scores, then the vectors. */
function arena(capacity: number) {
  const scoresAt = QUERY_BYTES;
  const vectorsAt = scoresAt + capacity * 4;
  const memory = new WebAssembly.Memory({ initial: Math.ceil((vectorsAt + capacity * EMBEDDING_DIMS) / PAGE) });
  const dots = instantiateDots(memory);
  return {
    capacity,
    query: new Int8Array(memory.buffer, 0, EMBEDDING_DIMS),
    scores: new Int32Array(memory.buffer, scoresAt, capacity),
    vectors: new Int8Array(memory.buffer, vectorsAt, capacity * EMBEDDING_DIMS),
    /** scores[i] = query · vector i for the first `count` vectors. */
    score(count: number): void {
      if (dots) return dots(vectorsAt, count, scoresAt, EMBEDDING_DIMS);
      // No WebAssembly SIMD: the same in JavaScript, 8–10× slower.
      for (let slot = 0; slot < count; slot++) {
        const base = slot * EMBEDDING_DIMS;
        let dot = 0;
        for (let i = 0; i < EMBEDDING_DIMS; i++) dot += this.query[i] * this.vectors[base + i];
        this.scores[slot] = dot;
      }
    },
  };
}

/**
 * Every image's embedding in one packed WebAssembly memory (256 bytes a file), searched exactly by
 * brute force: one SIMD pass scores every file against the query (dot-kernel.ts), a bounded heap
 * keeps the best by cosine (docs/decisions/024-more-like-this.md: 100 000 files in a few ms).
 * Built from the database at start and kept current by the `embeddings` topic of the invalidation
 * bus, so several app processes agree; rebuilt when that bus missed messages.
 *
 * It holds no visibility: a neighbour list is filtered by the visibility module afterwards, and a
 * deleted file that is still here (a message on its way) is dropped there as a missing card.
 */
export function createSimilarIndex(source: Source, bus?: InvalidationBus) {
  let space = arena(1024);
  let ids = new Int32Array(space.capacity);
  let inverseNorms = new Float32Array(space.capacity);
  let count = 0;
  let slotOf = new Map<number, number>();
  // Messages that arrive while a rebuild reads the database are applied after it.
  let pending: string[] | null = null;
  let building: Promise<void> = Promise.resolve();

  function resize(capacity: number, keep: number): void {
    const next = arena(capacity);
    next.vectors.set(space.vectors.subarray(0, keep * EMBEDDING_DIMS));
    const nextIds = new Int32Array(capacity);
    nextIds.set(ids.subarray(0, keep));
    const nextNorms = new Float32Array(capacity);
    nextNorms.set(inverseNorms.subarray(0, keep));
    space = next;
    ids = nextIds;
    inverseNorms = nextNorms;
  }

  function put(id: number, embedding: Int8Array): void {
    let slot = slotOf.get(id);
    if (slot === undefined) {
      if (count === space.capacity) resize(space.capacity * 2, count);
      slot = count++;
      slotOf.set(id, slot);
      ids[slot] = id;
    }
    space.vectors.set(embedding.subarray(0, EMBEDDING_DIMS), slot * EMBEDDING_DIMS);
    let sum = 0;
    for (let i = 0; i < EMBEDDING_DIMS; i++) sum += embedding[i] * embedding[i];
    inverseNorms[slot] = sum ? 1 / Math.sqrt(sum) : 0;
  }

  /** Removes by moving the last slot into the hole: the arena stays packed. */
  function remove(id: number): void {
    const slot = slotOf.get(id);
    if (slot === undefined) return;
    const last = --count;
    slotOf.delete(id);
    if (slot !== last) {
      space.vectors.copyWithin(slot * EMBEDDING_DIMS, last * EMBEDDING_DIMS, (last + 1) * EMBEDDING_DIMS);
      ids[slot] = ids[last];
      inverseNorms[slot] = inverseNorms[last];
      slotOf.set(ids[slot], slot);
    }
  }

  async function apply(key: string): Promise<void> {
    const id = Number(key.slice(1));
    if (!Number.isInteger(id)) return;
    if (key.startsWith('-')) return remove(id);
    const embedding = await source.embedding(id);
    if (embedding) put(id, embedding);
  }

  function rebuild(): Promise<void> {
    building = building.then(async () => {
      pending = [];
      try {
        const rows = await source.allEmbeddings();
        let capacity = 1024;
        while (capacity < rows.length) capacity *= 2;
        count = 0;
        slotOf = new Map();
        resize(capacity, 0);
        for (const row of rows) put(row.fileId, row.embedding);
      } finally {
        const missed = pending ?? [];
        pending = null;
        for (const key of missed) await apply(key);
      }
    });
    return building;
  }

  bus?.subscribe('embeddings', (key) => {
    if (key === ALL) return void rebuild().catch(() => undefined);
    if (pending) return void pending.push(key);
    void apply(key).catch(() => undefined);
  });

  function query(vector: Int8Array, k: number): Neighbour[] {
    if (!count || k <= 0) return [];
    space.query.set(vector.subarray(0, EMBEDDING_DIMS));
    space.score(count);
    const { scores } = space;
    const best = topK(Math.min(k, count));
    for (let slot = 0; slot < count; slot++) {
      const score = scores[slot] * inverseNorms[slot];
      if (score > best.floor()) best.push(score, slot);
    }
    let qq = 0;
    for (let i = 0; i < EMBEDDING_DIMS; i++) qq += vector[i] * vector[i];
    const qInverse = qq ? 1 / Math.sqrt(qq) : 0;
    return best
      .slots()
      .map((slot) => ({ id: ids[slot], score: scores[slot] * inverseNorms[slot] * qInverse }))
      .sort((a, b) => b.score - a.score || b.id - a.id);
  }

  return {
    /** Resolves once the index holds what the database held when it (re)started. */
    start: () => rebuild(),
    ready: () => building,
    /** The `k` stored files whose embeddings are closest to `vector`, best first. */
    nearest: (vector: Int8Array, k: number) => query(vector, k),
    /** A file's embedding as held here, or from the database when its message has not arrived yet. */
    async vectorOf(id: number): Promise<Int8Array | null> {
      const slot = slotOf.get(id);
      if (slot !== undefined) return space.vectors.slice(slot * EMBEDDING_DIMS, (slot + 1) * EMBEDDING_DIMS);
      return source.embedding(id);
    },
    add: put,
    remove,
    size: () => count,
    /** Bytes the index holds for its files (vector, score, id, norm; the id map not counted). */
    bytes: () => count * (EMBEDDING_DIMS + 4 + 4 + 4),
    /** Bytes allocated (capacity doubles as files arrive). */
    allocatedBytes: () => space.capacity * (EMBEDDING_DIMS + 12) + QUERY_BYTES,
  };
}
export type SimilarIndex = ReturnType<typeof createSimilarIndex>;
