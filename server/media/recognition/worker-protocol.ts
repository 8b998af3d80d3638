import type { ImageFingerprint } from './near-duplicate.ts';
import type { RecognitionResult } from './tag-builder.ts';

/** Tags and flags, with the image's fingerprint for near-duplicates and neighbours (decision 024). */
export type AnalysisResult = RecognitionResult & { fingerprint: ImageFingerprint };

// Messages between recognizer.ts (the server's thread) and recognition-worker.ts.
export type WorkerRequest =
  | { type: 'analyze'; id: number; image: Uint8Array<ArrayBuffer> }
  | { type: 'memory'; id: number };

/** Memory as the worker sees it; `rss` is the whole process's, the rest the worker's own. */
export type WorkerMemory = { rss: number; heapUsed: number; external: number; tensorBytes: number; numTensors: number };

export type WorkerFailureCode = 'unsupported-image' | 'model-load' | 'internal';

export type WorkerReply =
  | { type: 'analyzed'; id: number; result: AnalysisResult }
  | { type: 'memory'; id: number; memory: WorkerMemory }
  | { type: 'failed'; id: number; code: WorkerFailureCode; message: string };
