import { Worker } from 'node:worker_threads';
// sharp must be loaded by the main thread before any worker loads it: on glibc Linux its
// shared libraries are otherwise unloaded when the first worker exits (sharp's install docs).
import 'sharp';
import { workerEntry } from '../../lib/server-paths.ts';
import {
  RecognitionFailedError,
  RecognitionTimeoutError,
  RecognitionUnavailableError,
  RecognitionWorkerCrashedError,
  UnsupportedImageError,
} from './errors.ts';
import { describeImage } from './image-decode.ts';
import { perceptualHash } from './perceptual-hash.ts';
import { buildRecognitionResult } from './tag-builder.ts';
import { RECOGNITION_LIMITS } from './thresholds.ts';
import type { AnalysisResult, WorkerMemory, WorkerReply, WorkerRequest } from './worker-protocol.ts';

export type { RecognitionResult } from './tag-builder.ts';
export type { AnalysisResult } from './worker-protocol.ts';
export type { WorkerMemory } from './worker-protocol.ts';

export type Recognizer = {
  /** Tags, NSFW flag, detected objects and fingerprint of one image; rejects with a `RecognitionError`. */
  analyze(image: Buffer): Promise<AnalysisResult>;
  /** Stops the worker; pending and later calls reject with `RecognitionUnavailableError`. */
  close(): Promise<void>;
  /** The worker's memory, or null when no worker runs (disabled, idle or crashed). */
  memoryUsage(): Promise<WorkerMemory | null>;
  /** Ends the worker as a crash would (tests, benchmark); the next call starts a fresh one. */
  terminateWorker(): Promise<void>;
};

export type RecognizerOptions = {
  /** False for AUTOTAG=off: only the model-free extras, no worker, no model in memory. */
  enabled: boolean;
  timeoutMs?: number;
  maxQueueLength?: number;
  /** Worker threads, each with its own copy of the models (about 340 MB each); 1 by default. */
  threads?: number;
};

// From source, a plain-JS entry that loads the TypeScript worker (see worker-entry.mjs);
// built, the worker's own bundle.
const WORKER_URL = workerEntry('media/recognition/worker-entry.mjs', 'recognition-worker');

type Job = {
  request: WorkerRequest;
  resolve: (reply: WorkerReply) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};

function failureToError(reply: Extract<WorkerReply, { type: 'failed' }>): Error {
  const cause = new Error(reply.message);
  if (reply.code === 'unsupported-image') return new UnsupportedImageError(reply.message);
  if (reply.code === 'model-load') return new RecognitionUnavailableError('Image analysis is not available right now', { cause });
  return new RecognitionFailedError({ cause });
}

function assertImageBytes(image: Buffer): void {
  if (!(image instanceof Uint8Array) || image.byteLength === 0) throw new UnsupportedImageError('The file is empty');
}

function createDisabledRecognizer(): Recognizer {
  return {
    async analyze(image) {
      assertImageBytes(image);
      const { facts, small } = await describeImage(image);
      // No model: no embedding, so neighbours fall back to shared tags; duplicates still have the hash.
      return { ...buildRecognitionResult({ facts }), fingerprint: { phash: await perceptualHash(small), embedding: null } };
    },
    async close() {},
    async memoryUsage() {
      return null;
    },
    async terminateWorker() {},
  };
}

type WorkerRecognizer = Recognizer & { /** Requests waiting or running: the pool sends to the least busy. */ load(): number };

// One worker, one request at a time: inference is CPU-bound, so two at once in one thread would
// only double the memory. Requests wait in a bounded FIFO queue.
function createWorkerRecognizer(timeoutMs: number, maxQueueLength: number): WorkerRecognizer {
  const queue: Job[] = [];
  let worker: Worker | null = null;
  let inFlight: Job | null = null;
  let nextId = 1;
  let closed = false;

  function settleInFlight(): Job | null {
    const job = inFlight;
    inFlight = null;
    if (job?.timer) clearTimeout(job.timer);
    return job;
  }

  function startWorker(): Worker {
    const started = new Worker(WORKER_URL, {
      // The parent's flags (tsx's, vitest's) are not for the worker.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: RECOGNITION_LIMITS.workerMaxOldGenerationMb },
    });
    let lastError: unknown;
    started.on('message', (reply: WorkerReply) => {
      if (started !== worker || !inFlight || reply.id !== inFlight.request.id) return;
      settleInFlight()?.resolve(reply);
      pump();
    });
    started.on('error', (error) => {
      lastError = error;
    });
    started.on('exit', (code) => {
      if (started !== worker) return;
      worker = null;
      const cause = lastError ?? new Error(`Worker exited with code ${code}`);
      settleInFlight()?.reject(new RecognitionWorkerCrashedError({ cause }));
      pump();
    });
    // An idle worker must not keep the process alive; an in-flight request holds its timer.
    started.unref();
    return started;
  }

  function pump(): void {
    if (inFlight || closed || queue.length === 0) return;
    const job = queue.shift()!;
    worker ??= startWorker();
    inFlight = job;
    job.timer = setTimeout(() => {
      if (inFlight !== job) return;
      settleInFlight();
      job.reject(new RecognitionTimeoutError(timeoutMs));
      // Synchronous WASM cannot be interrupted; a stuck worker is replaced.
      const stuck = worker;
      worker = null;
      void stuck?.terminate();
      pump();
    }, timeoutMs);
    // The image is analyze()'s own copy: moved to the worker rather than copied again.
    worker.postMessage(job.request, job.request.type === 'analyze' ? [job.request.image.buffer] : []);
  }

  function send(request: WorkerRequest): Promise<WorkerReply> {
    if (closed) return Promise.reject(new RecognitionUnavailableError('The recognizer is closed'));
    if (queue.length >= maxQueueLength) {
      return Promise.reject(new RecognitionUnavailableError('Too many images are waiting for analysis'));
    }
    return new Promise((resolve, reject) => {
      queue.push({ request, resolve, reject });
      pump();
    });
  }

  return {
    load: () => queue.length + (inFlight ? 1 : 0),
    async analyze(image) {
      assertImageBytes(image);
      const reply = await send({ type: 'analyze', id: nextId++, image: new Uint8Array(image) });
      if (reply.type === 'failed') throw failureToError(reply);
      if (reply.type !== 'analyzed') throw new RecognitionFailedError({ cause: new Error(`Unexpected reply ${reply.type}`) });
      return reply.result;
    },
    async memoryUsage() {
      if (!worker) return null;
      const reply = await send({ type: 'memory', id: nextId++ });
      return reply.type === 'memory' ? reply.memory : null;
    },
    async terminateWorker() {
      await worker?.terminate();
    },
    async close() {
      closed = true;
      const stopped = new RecognitionUnavailableError('The recognizer is closed');
      for (const job of queue.splice(0)) job.reject(stopped);
      settleInFlight()?.reject(stopped);
      const running = worker;
      worker = null;
      await running?.terminate();
    },
  };
}

/**
 * Several worker threads, each analysing one image at a time: an image goes to the least busy.
 * Each thread loads its own models (WASM memory is per thread), so threads cost memory; a thread
 * is started on its first image, so an idle pool holds none.
 */
function createRecognizerPool(workers: WorkerRecognizer[]): Recognizer {
  const leastBusy = () => workers.reduce((best, w) => (w.load() < best.load() ? w : best));
  return {
    analyze: (image) => leastBusy().analyze(image),
    async memoryUsage() {
      return workers[0].memoryUsage();
    },
    async terminateWorker() {
      await Promise.all(workers.map((w) => w.terminateWorker()));
    },
    async close() {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}

export function createRecognizer(options: RecognizerOptions): Recognizer {
  if (!options.enabled) return createDisabledRecognizer();
  const threads = Math.max(1, options.threads ?? 1);
  const workers = Array.from({ length: threads }, () =>
    createWorkerRecognizer(options.timeoutMs ?? RECOGNITION_LIMITS.requestTimeoutMs, options.maxQueueLength ?? RECOGNITION_LIMITS.maxQueueLength),
  );
  return threads === 1 ? workers[0] : createRecognizerPool(workers);
}
