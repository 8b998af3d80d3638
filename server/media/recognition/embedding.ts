// The visual fingerprint of an image (decision 024): the pooled
// penultimate layer of the NSFW classifier's MobileNetV2 (1792 numbers, already computed when the
// image is classified), L2-normalised, projected to 256 dimensions by a fixed random Gaussian
// matrix (Johnson–Lindenstrauss: cosines are kept within a few hundredths) and quantised to int8.
// 256 bytes a file in the database and in every process's neighbour index.

/** The graph node of MobileNetV2's pooled features in nsfwjs' MobileNetV2Mid. */
export const FEATURE_NODE =
  'StatefulPartitionedCall/sequential/keras_layer/StatefulPartitionedCall/StatefulPartitionedCall/StatefulPartitionedCall/predict/feature_vector/SpatialSqueeze';
export const FEATURE_DIMS = 1792;
export const EMBEDDING_DIMS = 256;
/**
 * A unit vector's coordinates after the projection are about N(0, 1/256): ×508 puts 4 standard
 * deviations at the int8 limit, so almost nothing is clipped and the step is 1/8 of a deviation.
 */
const QUANT_SCALE = 127 * 4;
/**
 * Changing the seed (or the model, or the scale) makes stored embeddings incomparable with new
 * ones: empty `file_fingerprints` with it, and the `fingerprints.missing` pass makes them again.
 */
const PROJECTION_SEED = 22;

// mulberry32: a small seeded generator, so every process and every version of Node builds the same matrix.
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let projection: Float32Array | undefined;

/** FEATURE_DIMS × EMBEDDING_DIMS standard normal numbers (Box–Muller), row-major. */
function projectionMatrix(): Float32Array {
  if (projection) return projection;
  const random = seededRandom(PROJECTION_SEED);
  const m = new Float32Array(FEATURE_DIMS * EMBEDDING_DIMS);
  for (let i = 0; i < m.length; i += 2) {
    const u = random() || Number.MIN_VALUE;
    const v = random();
    const r = Math.sqrt(-2 * Math.log(u));
    m[i] = r * Math.cos(2 * Math.PI * v);
    m[i + 1] = r * Math.sin(2 * Math.PI * v);
  }
  projection = m;
  return m;
}

function norm(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] * values[i];
  return Math.sqrt(sum);
}

/** The stored embedding of a feature vector: projected, normalised, quantised. */
export function embeddingOf(features: ArrayLike<number>): Int8Array {
  if (features.length !== FEATURE_DIMS) throw new Error(`Expected ${FEATURE_DIMS} features, got ${features.length}`);
  const m = projectionMatrix();
  const projected = new Float32Array(EMBEDDING_DIMS);
  for (let i = 0; i < FEATURE_DIMS; i++) {
    const x = features[i];
    if (x === 0) continue; // ReLU6 features: many are exactly zero
    const row = i * EMBEDDING_DIMS;
    for (let j = 0; j < EMBEDDING_DIMS; j++) projected[j] += x * m[row + j];
  }
  const n = norm(projected) || 1;
  const out = new Int8Array(EMBEDDING_DIMS);
  for (let j = 0; j < EMBEDDING_DIMS; j++) out[j] = Math.max(-127, Math.min(127, Math.round((projected[j] / n) * QUANT_SCALE)));
  return out;
}

/** Cosine similarity of two stored embeddings (−1…1). */
export function cosine(a: Int8Array, b: Int8Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return dot / (norm(a) * norm(b) || 1);
}
