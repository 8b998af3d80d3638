import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs-core';
import { UnsupportedImageError } from './errors.ts';
import { decodeForModels } from './image-decode.ts';
import { loadModels, type LoadedModels } from './model-loader.ts';
import { buildRecognitionResult, type RecognitionResult } from './tag-builder.ts';
import { RECOGNITION_THRESHOLDS } from './thresholds.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';

// Runs in a worker thread: model inference is synchronous WASM work of ~150 ms that would
// otherwise stall every request on the server's event loop.
if (!parentPort) throw new Error('recognition-worker.ts must be started as a worker thread');
const port = parentPort;

let models: Promise<LoadedModels> | undefined;

async function analyze(image: Uint8Array): Promise<RecognitionResult> {
  const decoded = await decodeForModels(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
  // Loaded on the first request, not at start-up, so a worker that is never asked costs nothing.
  models ??= loadModels();
  const { detector, nsfw } = await models;
  const { detection } = decoded;
  const detectionInput = tf.tensor3d(detection.data, [detection.height, detection.width, 3], 'int32');
  const nsfwInput = tf.tensor3d(decoded.nsfw.data, [decoded.nsfw.height, decoded.nsfw.width, 3], 'int32');
  try {
    const detections = await detector.detect(
      detectionInput,
      RECOGNITION_THRESHOLDS.maxDetections,
      RECOGNITION_THRESHOLDS.minObjectScore,
    );
    const predictions = await nsfw.classify(nsfwInput, 5);
    return buildRecognitionResult({
      facts: decoded.facts,
      detections: detections.map((d) => ({ label: d.class, score: d.score })),
      nsfw: predictions,
    });
  } finally {
    // The models dispose their intermediates; the inputs are ours to free.
    detectionInput.dispose();
    nsfwInput.dispose();
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
