import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { processMedia } from '../server/media/process-media.ts';
import { largeNoisyJpeg } from '../tests/helpers/media-samples.ts';
import { createLocalStorage } from '../server/storage/local-storage.ts';

// processMedia on a ~10 MB photo against bare sharp making the same four outputs from the same
// file in the same process: the cost of our pipeline (metadata checks, one shared decode, the
// original's copy and the writes to storage) relative to the library doing only the encoding.
export type MediaBenchResult = {
  inputMb: number;
  megapixels: number;
  processMediaMs: number;
  bareSharpMs: number;
  ratio: number;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

// What a developer would write with sharp alone: one input, cloned per output.
async function bareSharp(inputPath: string): Promise<void> {
  const input = sharp(inputPath).rotate();
  const bounded = () => input.clone().resize(2048, 2048, { fit: 'inside', withoutEnlargement: true });
  await Promise.all([
    input.metadata(),
    bounded().flatten({ background: '#ffffff' }).jpeg({ quality: 80, progressive: true }).toBuffer(),
    bounded().webp({ quality: 80 }).toBuffer(),
    input.clone().resize(400, 1200, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
    input.clone().resize(16, 16, { fit: 'inside' }).webp({ quality: 40 }).toBuffer(),
  ]);
}

export async function benchMedia({ iterations = 5, warmup = 1 } = {}): Promise<MediaBenchResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kaleido-bench-media-'));
  try {
    const photo = await largeNoisyJpeg(6000, 4000, 98);
    const inputPath = path.join(dir, 'photo.jpg');
    await writeFile(inputPath, photo);
    const storage = createLocalStorage(path.join(dir, 'store'));
    let run = 0;
    const ours = () =>
      processMedia({ inputPath, kind: 'image', mime: 'image/jpeg', storage, keyBase: `be/nc/run-${run++}` });

    for (let i = 0; i < warmup; i++) {
      await ours();
      await bareSharp(inputPath);
    }
    // Interleaved so that disk cache and CPU frequency drift hit both sides alike.
    const oursMs: number[] = [];
    const bareMs: number[] = [];
    for (let i = 0; i < iterations; i++) {
      oursMs.push(await time(ours));
      bareMs.push(await time(() => bareSharp(inputPath)));
    }
    const meta = await sharp(photo).metadata();
    const result: MediaBenchResult = {
      inputMb: round(photo.length / 1024 / 1024),
      megapixels: round((meta.width! * meta.height!) / 1e6),
      processMediaMs: round(median(oursMs)),
      bareSharpMs: round(median(bareMs)),
      ratio: round(median(oursMs) / median(bareMs), 2),
    };
    console.log(
      `media: ${result.inputMb} MB ${result.megapixels} MP JPEG → processMedia ${result.processMediaMs} ms, ` +
        `bare sharp ${result.bareSharpMs} ms, ratio ${result.ratio} (median of ${iterations})`,
    );
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchMedia();
}
