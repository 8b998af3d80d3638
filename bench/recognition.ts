import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRecognizer } from '../server/media/recognition/recognizer.ts';

// Latency of one analyze() call after warm-up (decode + coco-ssd + nsfwjs + the round trip to
// the worker) and the memory the worker adds, on the fixture photos.
const PHOTOS = path.resolve(import.meta.dirname, '../tests/fixtures/photos');

export type RecognitionBenchResult = {
  coldStartMs: number;
  perImage: { name: string; medianMs: number; p90Ms: number }[];
  medianMs: number;
  /** Process CPU (user + system) per analysed image: robust to other load on the machine. */
  cpuMsPerImage: number;
  modelFreeMedianMs: number;
  memory: { baselineRssMb: number; rssMb: number; workerAddedRssMb: number; workerHeapMb: number; tensorMb: number };
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const ms = (value: number) => Math.round(value * 10) / 10;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export async function benchRecognition({ iterations = 20, warmup = 3 } = {}): Promise<RecognitionBenchResult> {
  const names = (await readdir(PHOTOS)).filter((name) => name.endsWith('.jpg')).sort();
  const photos = await Promise.all(names.map(async (name) => ({ name, bytes: await readFile(path.join(PHOTOS, name)) })));
  global.gc?.();
  const baselineRss = process.memoryUsage().rss;

  const recognizer = createRecognizer({ enabled: true });
  try {
    const coldStartMs = await time(() => recognizer.analyze(photos[0].bytes));
    for (let i = 0; i < warmup; i++) for (const photo of photos) await recognizer.analyze(photo.bytes);

    const all: number[] = [];
    const perImage = [];
    const cpuBefore = process.cpuUsage();
    for (const photo of photos) {
      const samples: number[] = [];
      for (let i = 0; i < iterations; i++) samples.push(await time(() => recognizer.analyze(photo.bytes)));
      all.push(...samples);
      perImage.push({ name: photo.name, medianMs: ms(percentile(samples, 0.5)), p90Ms: ms(percentile(samples, 0.9)) });
    }
    const cpu = process.cpuUsage(cpuBefore);
    const worker = await recognizer.memoryUsage();
    if (!worker) throw new Error('The recognition worker is not running');

    const modelFree = createRecognizer({ enabled: false });
    const modelFreeSamples: number[] = [];
    for (let i = 0; i < iterations; i++) modelFreeSamples.push(await time(() => modelFree.analyze(photos[i % photos.length].bytes)));

    const result: RecognitionBenchResult = {
      coldStartMs: ms(coldStartMs),
      perImage,
      medianMs: ms(percentile(all, 0.5)),
      cpuMsPerImage: ms((cpu.user + cpu.system) / 1000 / all.length),
      modelFreeMedianMs: ms(percentile(modelFreeSamples, 0.5)),
      memory: {
        baselineRssMb: mb(baselineRss),
        rssMb: mb(worker.rss),
        // Threads share one process, so the worker's resident memory is what the process gained.
        workerAddedRssMb: mb(worker.rss - baselineRss),
        workerHeapMb: mb(worker.heapUsed),
        tensorMb: mb(worker.tensorBytes),
      },
    };
    print(result, iterations);
    return result;
  } finally {
    await recognizer.close();
  }
}

function print(result: RecognitionBenchResult, iterations: number): void {
  console.log(`recognition: cold start (worker + models + first image) ${result.coldStartMs} ms`);
  console.log(`recognition: per image after warm-up, ${iterations} runs each (median / p90)`);
  for (const image of result.perImage) console.log(`  ${image.name.padEnd(24)} ${image.medianMs} ms / ${image.p90Ms} ms`);
  console.log(
    `recognition: median over all images ${result.medianMs} ms (CPU ${result.cpuMsPerImage} ms an image); ` +
      `AUTOTAG=off extras only ${result.modelFreeMedianMs} ms`,
  );
  const m = result.memory;
  console.log(
    `recognition: process RSS ${m.baselineRssMb} MB before, ${m.rssMb} MB with the worker (+${m.workerAddedRssMb} MB); ` +
      `worker V8 heap ${m.workerHeapMb} MB, model tensors ${m.tensorMb} MB`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await benchRecognition();
}
