import { Worker } from 'node:worker_threads';
import { workerEntry } from '../lib/server-paths';
import { createLimiter } from './concurrency';
import { processImage, type ImageDerivatives } from './image';
import { MediaTimeoutError } from './media-errors';

export interface PdfPreview {
  /** Page size in PDF points (1/72 inch). */
  pageWidth: number;
  pageHeight: number;
  /** WebP preview of the first page, its thumbnail and placeholder. */
  image: ImageDerivatives;
}

// Long side of the rendered page: sharp then derives the 2048-bounded WebP and thumbnail.
const RENDER_MAX_SIDE = 1600;
const DEFAULT_RENDER_TIMEOUT_MS = 30_000;
const WORKER_URL = workerEntry('media/pdf-render-worker.mjs', 'pdf-render-worker');
// Each worker holds its own V8 heap and copy of pdfjs; more than two at once only adds memory.
const limit = createLimiter(2);

interface WorkerReply {
  ok: boolean;
  message?: string;
  png?: Uint8Array;
  pageWidth?: number;
  pageHeight?: number;
}

export async function renderPdfPreview(inputPath: string, timeoutMs = DEFAULT_RENDER_TIMEOUT_MS): Promise<PdfPreview> {
  const reply = await limit(() => runWorker(inputPath, timeoutMs));
  if (!reply.ok || !reply.png) throw new Error(`PDF preview failed: ${reply.message ?? 'no image'}`);
  const image = await processImage(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
  return { pageWidth: reply.pageWidth ?? image.width, pageHeight: reply.pageHeight ?? image.height, image };
}

// A worker per document: a hostile or huge PDF can only exhaust its own heap or time budget,
// and nothing of pdfjs stays resident between uploads.
function runWorker(inputPath: string, timeoutMs: number): Promise<WorkerReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { inputPath, maxSide: RENDER_MAX_SIDE },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(new MediaTimeoutError('pdf render worker', timeoutMs))), timeoutMs);
    worker.once('message', (reply: WorkerReply) => finish(() => resolve(reply)));
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) => finish(() => reject(new Error(`PDF worker exited with code ${code}`))));
  });
}
