import { EMBEDDING_DIMS } from '../../media/recognition/embedding';
import { ALL, type InvalidationBus } from '../../lib/invalidation-bus';

/** The `embeddings` key of a file whose embedding was just stored. */
export const addedEmbeddingKey = (id: number) => `+${id}`;
/** The `embeddings` key of a deleted file. */
export const removedKey = (id: number) => `-${id}`;

/** Dimensions read by the first pass; the candidates it keeps are then scored on all 256. */
const PREFIX_DIMS = 64;

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

/**
 * Every image's embedding in one packed Int8Array (256 bytes a file), searched by brute force in
 * two passes: the dot product over the first 64 dimensions keeps the best candidates, which are
 * then ranked by cosine over all 256 (docs/decisions/024-more-like-this.md: measured, recall and
 * speed). Built from the database at start and kept current by the `embeddings` topic of the
 * invalidation bus, so several app processes agree; rebuilt when that bus missed messages.
 *
 * It holds no visibility: a neighbour list is filtered by the visibility module afterwards, and a
 * deleted file that is still here (a message on its way) is dropped there as a missing card.
 */
export function createSimilarIndex(source: Source, bus?: InvalidationBus) {
  let capacity = 1024;
  let vectors = new Int8Array(capacity * EMBEDDING_DIMS);
  let ids = new Int32Array(capacity);
  let inverseNorms = new Float32Array(capacity);
  let count = 0;
  let slotOf = new Map<number, number>();
  // Messages that arrive while a rebuild reads the database are applied after it.
  let pending: string[] | null = null;
  let building: Promise<void> = Promise.resolve();

  function grow(): void {
    capacity *= 2;
    const v = new Int8Array(capacity * EMBEDDING_DIMS);
    v.set(vectors);
    vectors = v;
    const i = new Int32Array(capacity);
    i.set(ids);
    ids = i;
    const n = new Float32Array(capacity);
    n.set(inverseNorms);
    inverseNorms = n;
  }

  function put(id: number, embedding: Int8Array): void {
    let slot = slotOf.get(id);
    if (slot === undefined) {
      if (count === capacity) grow();
      slot = count++;
      slotOf.set(id, slot);
      ids[slot] = id;
    }
    vectors.set(embedding.subarray(0, EMBEDDING_DIMS), slot * EMBEDDING_DIMS);
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
      vectors.copyWithin(slot * EMBEDDING_DIMS, last * EMBEDDING_DIMS, (last + 1) * EMBEDDING_DIMS);
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
        capacity = 1024;
        while (capacity < rows.length) capacity *= 2;
        vectors = new Int8Array(capacity * EMBEDDING_DIMS);
        ids = new Int32Array(capacity);
        inverseNorms = new Float32Array(capacity);
        count = 0;
        slotOf = new Map();
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

  function query(vector: Int8Array, k: number, options: { exact?: boolean; candidates?: number } = {}): Neighbour[] {
    if (!count || k <= 0) return [];
    let qq = 0;
    for (let i = 0; i < EMBEDDING_DIMS; i++) qq += vector[i] * vector[i];
    const qInverse = qq ? 1 / Math.sqrt(qq) : 0;
    const full = (slot: number) => {
      const base = slot * EMBEDDING_DIMS;
      let dot = 0;
      for (let i = 0; i < EMBEDDING_DIMS; i++) dot += vector[i] * vectors[base + i];
      return dot * inverseNorms[slot] * qInverse;
    };
    let candidates: number[];
    if (options.exact || count <= (options.candidates ?? Math.max(8 * k, 512))) {
      candidates = Array.from({ length: count }, (_, i) => i);
    } else {
      const heap = topK(options.candidates ?? Math.max(8 * k, 512));
      for (let slot = 0; slot < count; slot++) {
        const base = slot * EMBEDDING_DIMS;
        let dot = 0;
        for (let i = 0; i < PREFIX_DIMS; i++) dot += vector[i] * vectors[base + i];
        const score = dot * inverseNorms[slot];
        if (score > heap.floor()) heap.push(score, slot);
      }
      candidates = heap.slots();
    }
    const best = topK(k);
    for (const slot of candidates) best.push(full(slot), slot);
    return best
      .slots()
      .map((slot) => ({ id: ids[slot], score: full(slot) }))
      .sort((a, b) => b.score - a.score || b.id - a.id);
  }

  return {
    /** Resolves once the index holds what the database held when it (re)started. */
    start: () => rebuild(),
    ready: () => building,
    /** The `k` stored files whose embeddings are closest to `vector`, best first. */
    nearest: (vector: Int8Array, k: number, options?: { exact?: boolean; candidates?: number }) => query(vector, k, options),
    /** A file's embedding as held here, or from the database when its message has not arrived yet. */
    async vectorOf(id: number): Promise<Int8Array | null> {
      const slot = slotOf.get(id);
      if (slot !== undefined) return vectors.slice(slot * EMBEDDING_DIMS, (slot + 1) * EMBEDDING_DIMS);
      return source.embedding(id);
    },
    add: put,
    remove,
    size: () => count,
    /** Bytes the index holds for its files (vectors, ids, norms; the id map not counted). */
    bytes: () => count * (EMBEDDING_DIMS + 4 + 4),
  };
}
export type SimilarIndex = ReturnType<typeof createSimilarIndex>;
