import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { runMediaProcess } from '../server/media/media-process.ts';
import { HEIF_DECODER } from '../server/media/heif.ts';
import { probeMedia } from '../server/media/ffprobe.ts';
import { runFfmpeg } from '../server/media/ffmpeg.ts';
import { renditionArgs } from '../server/media/web-playback.ts';
import { heifEnc } from '../tests/helpers/phone-samples.ts';
import { largeNoisyJpeg, tempDir, type TempDir } from '../tests/helpers/media-samples.ts';
import { migrateDatabase } from '../server/composition.ts';
import { startTestApp, type TestApp } from '../tests/helpers/test-app.ts';
import { signUp, type TestClient } from '../tests/helpers/test-client.ts';
import { openBenchDatabase } from './bench-database.ts';

// The target of decision 020: the time from a member's upload to something a browser can show, for a
// 10 MB HEVC clip (its web rendition, made by the `file.rendition` job) and a 10 MB HEIC (its
// JPEG/WebP derivatives, made during the upload), as a ratio to the tool alone on the same
// file in the same run: ffmpeg making the same rendition, heif-convert decoding the same HEIC.
// The app is the real one (PGlite, disk storage, its job queue at production settings).

const FILE_MAX = 10 * 1024 * 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export type PhoneMediaBenchResult = { clip: Row; heic: Row };
type Row = { inputMb: number; oursMs: number; toolMs: number; ratio: number };

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** 1080p30 HEVC + AAC in a QuickTime file of just under 10 MB: an iPhone clip of ~9 s. */
async function hevcClip(dir: TempDir): Promise<string> {
  const output = await dir.file('IMG_1080.MOV');
  // Encoding 270 frames of 1080p HEVC takes minutes on a busy two-core machine.
  const { code, stderr } = await runFfmpeg(['-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=duration=9:size=1920x1080:rate=30,noise=alls=12:allf=t',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=9',
    '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-b:v', '8M', '-maxrate', '8.5M', '-bufsize', '8M',
    '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-f', 'mov', output,
  ], 600_000);
  if (code !== 0) throw new Error(`could not make the HEVC clip: ${stderr}`);
  return output;
}

/**
 * A 12-megapixel HEIC of just under 10 MB: strong sensor-like grain over smooth colour, so it
 * weighs what a detailed phone photo at high quality does (heif-enc takes ~30 s per try).
 */
async function heic10Mb(dir: TempDir): Promise<string> {
  const [width, height] = [4032, 3024];
  const smooth = await largeNoisyJpeg(width, height, 97);
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).raw().toBuffer();
  const jpeg = await sharp(smooth).composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' }]).jpeg({ quality: 97 }).toBuffer();
  for (const quality of [74, 68, 60]) {
    const bytes = await heifEnc(dir, `IMG_${quality}.HEIC`, jpeg, 'jpg', quality);
    if (bytes.length <= FILE_MAX) return dir.file(`IMG_${quality}.HEIC`);
  }
  throw new Error('could not make a HEIC under 10 MB');
}

async function upload(client: TestClient, file: string): Promise<{ id: number; rendition: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await readFile(file))]), path.basename(file));
  const res = await client.post('/api/files', form);
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.text}`);
  return res.body;
}

async function untilPlayable(client: TestClient, id: number): Promise<void> {
  for (const until = Date.now() + 300_000; Date.now() < until; ) {
    const { body } = await client.get(`/api/files/${id}`);
    if (body.rendition === 'ready') return;
    if (body.rendition !== 'processing') throw new Error(`rendition ${body.rendition}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no rendition within 5 minutes');
}

export async function benchPhoneMedia({ iterations = 3 } = {}): Promise<PhoneMediaBenchResult> {
  const dir = await tempDir();
  const opened = await openBenchDatabase('pglite');
  let t: TestApp | null = null;
  try {
    const [clip, heic] = [await hevcClip(dir), await heic10Mb(dir)];
    await migrateDatabase(opened.database);
    // Production's job settings (no faster polling than a real deployment has).
    t = await startTestApp({ AUTH_RATE_LIMIT: '1000', MEDIA_TIMEOUT_SECONDS: '300' }, {}, { database: opened.database });
    const client = t.client();
    await signUp(client);

    const clipProbe = await probeMedia(clip, 'video/quicktime');
    const ffmpegAlone = () =>
      runFfmpeg(['-y', ...renditionArgs(clip, 'video/quicktime', 'video', clipProbe, path.join(dir.dir, 'alone.mp4'))], 300_000);
    const clipOurs = async () => untilPlayable(client, (await upload(client, clip)).id);
    const decoderAlone = () => runMediaProcess(HEIF_DECODER, ['--quiet', heic, path.join(dir.dir, 'alone.png')], { timeoutMs: 300_000 });
    const heicOurs = () => upload(client, heic);

    const samples = { clipOurs: [] as number[], clipTool: [] as number[], heicOurs: [] as number[], heicTool: [] as number[] };
    await heicOurs(); // warm-up: first request, sharp's and the decoder's first load
    // Interleaved so that load from elsewhere on the machine hits both sides alike.
    for (let i = 0; i < iterations; i++) {
      samples.clipTool.push(await time(ffmpegAlone));
      samples.clipOurs.push(await time(clipOurs));
      samples.heicTool.push(await time(decoderAlone));
      samples.heicOurs.push(await time(heicOurs));
    }
    const row = async (file: string, ours: number[], tool: number[]): Promise<Row> => ({
      inputMb: round((await stat(file)).size / 1024 / 1024, 1),
      oursMs: Math.round(median(ours)),
      toolMs: Math.round(median(tool)),
      ratio: round(median(ours) / median(tool)),
    });
    const result = { clip: await row(clip, samples.clipOurs, samples.clipTool), heic: await row(heic, samples.heicOurs, samples.heicTool) };
    console.log(
      `phone media (median of ${iterations}, target ≤ 1.3):\n` +
        `  ${result.clip.inputMb} MB HEVC 1080p .mov → playable rendition ${result.clip.oursMs} ms, ffmpeg alone ${result.clip.toolMs} ms, ratio ${result.clip.ratio}\n` +
        `  ${result.heic.inputMb} MB 12 MP HEIC → derivatives ${result.heic.oursMs} ms, ${HEIF_DECODER} alone ${result.heic.toolMs} ms, ratio ${result.heic.ratio}`,
    );
    return result;
  } finally {
    await t?.close();
    await opened.database.close();
    await dir.cleanup();
  }
}
