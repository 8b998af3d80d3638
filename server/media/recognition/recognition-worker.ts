import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs-core';
import { UnsupportedImageError } from './errors.ts';
import { decodeForModels } from './image-decode.ts';
import { embeddingOf, FEATURE_NODE } from './embedding.ts';
import { loadModels, type LoadedModels } from './model-loader.ts';
import { perceptualHash } from './perceptual-hash.ts';
import { buildRecognitionResult, type NsfwPrediction } from './tag-builder.ts';
import { RECOGNITION_THRESHOLDS } from './thresholds.ts';
import type { AnalysisResult, WorkerReply, WorkerRequest } from './worker-protocol.ts';

// Runs in a worker thread: model inference is synchronous WASM work of ~150 ms that would
// otherwise stall every request on the server's event loop.
if (!parentPort) throw new Error('recognition-worker.ts must be started as a worker thread');
const port = parentPort;

let models: Promise<LoadedModels> | undefined;

// nsfwjs' class order (its nsfw_classes.js), for the graph's softmax output.
const NSFW_CLASSES = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const;

type GraphModel = { execute(input: tf.Tensor, outputs: string[]): tf.Tensor[]; outputNodes: string[] };

/**
 * One pass of the NSFW classifier gives both its classes and MobileNetV2's pooled features (the
 * embedding's source), as `nsfw.classify` would prepare the input: scaled to 0–1, 224×224.
 */
async function classifyAndEmbed(model: GraphModel, pixels: { data: Uint8Array; width: number; height: number }) {
  const [probabilities, features] = tf.tidy(() => {
    const input = tf.tensor3d(pixels.data, [pixels.height, pixels.width, 3], 'int32').toFloat().div(255).expandDims(0);
    return model.execute(input as tf.Tensor, [model.outputNodes[0], FEATURE_NODE]);
  });
  try {
    const [scores, pooled] = await Promise.all([probabilities.data(), features.data()]);
    const predictions: NsfwPrediction[] = [...scores]
      .map((probability, i) => ({ className: NSFW_CLASSES[i] ?? String(i), probability }))
      .sort((a, b) => b.probability - a.probability);
    return { predictions, embedding: embeddingOf(pooled) };
  } finally {
    probabilities.dispose();
    features.dispose();
  }
}

async function analyze(image: Uint8Array): Promise<AnalysisResult> {
  const decoded = await decodeForModels(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
  // Loaded on the first request, not at start-up, so a worker that is never asked costs nothing.
  models ??= loadModels();
  const { detector, nsfw } = await models;
  const { detection } = decoded;
  const detectionInput = tf.tensor3d(detection.data, [detection.height, detection.width, 3], 'int32');
  try {
    const detections = await detector.detect(
      detectionInput,
      RECOGNITION_THRESHOLDS.maxDetections,
      RECOGNITION_THRESHOLDS.minObjectScore,
    );
    const { predictions, embedding } = await classifyAndEmbed((nsfw as unknown as { model: GraphModel }).model, decoded.nsfw);
    const recognised = buildRecognitionResult({
      facts: decoded.facts,
      detections: detections.map((d) => ({ label: d.class, score: d.score })),
      nsfw: predictions,
    });
    return { ...recognised, fingerprint: { phash: await perceptualHash(detection), embedding } };
  } finally {
    // The models dispose their intermediates; the input is ours to free.
    detectionInput.dispose();
  }
}

function memory(id: number): WorkerReply {
  const usage = process.memoryUsage();
  const tensors = tf.memory();
  return {
    type: 'memory',
    id,
    memory: {
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      external: usage.external,
      tensorBytes: tensors.numBytes,
      numTensors: tensors.numTensors,
    },
  };
}

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  if (request.type === 'memory') return memory(request.id);
  try {
    return { type: 'analyzed', id: request.id, result: await analyze(request.image) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof UnsupportedImageError) return { type: 'failed', id: request.id, code: 'unsupported-image', message };
    if (models && (await models.then(() => false, () => true))) {
      return { type: 'failed', id: request.id, code: 'model-load', message };
    }
    return { type: 'failed', id: request.id, code: 'internal', message };
  }
}

port.on('message', (request: WorkerRequest) => {
  void handle(request).then((reply) => {
    port.postMessage(reply);
    // A worker whose models failed to load is useless; exiting lets the next request
    // start a fresh one instead of failing forever.
    if (reply.type === 'failed' && reply.code === 'model-load') process.exit(1);
  });
});
