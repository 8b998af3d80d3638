import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEFAULT_MEDIA_TIMEOUT_MS } from './ffmpeg';
import { MAX_INPUT_PIXELS } from './image';
import { ImageTooLargeError, UnsupportedMediaError } from './media-errors';
import { runMediaProcess } from './media-process';

// Debian's libheif tools (package libheif-examples, installed by scripts/ensure-deps.mjs):
// libheif with libde265 decodes HEVC-coded HEIC, which sharp's prebuilt libvips cannot (it
// reads AVIF only). Chosen over the npm libheif-js build after measuring both
// (docs/decisions/020). Debian 12 calls the decoder heif-convert; later releases heif-dec
// (heif-convert stays as its deprecated alias there).
export const HEIF_DECODER = onPath('heif-dec') ? 'heif-dec' : 'heif-convert';

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && existsSync(path.join(dir, command)));
}

const UNREADABLE = 'This image could not be read. It may be damaged or in an unsupported format.';

/** The HEIF family of images: HEIC and HEIF need libheif; AVIF sharp decodes itself. */
export function needsHeifDecoder(mime: string): boolean {
  return mime === 'image/heic' || mime === 'image/heif';
}

/**
 * Decodes the primary image of a HEIC/HEIF file to PNG (lossless, 16-bit for 10-bit photos),
 * with its `irot`/`imir` transforms applied: the pixels come out upright. The EXIF block the
 * tool copies into the PNG still carries the camera's orientation tag, which must then be
 * ignored (ImageOptions.orientation 'decoded'), or an iPhone photo would be turned twice.
 * Runs as a separate process under the media time limit: a crafted file can only exhaust that.
 */
export async function decodeHeif(inputPath: string, timeoutMs = DEFAULT_MEDIA_TIMEOUT_MS): Promise<Buffer> {
  await refuseBombs(inputPath);
  const dir = await mkdtemp(path.join(tmpdir(), 'kaleido-heif-'));
  const output = path.join(dir, 'decoded.png');
  try {
    const { code, stderr } = await runMediaProcess(HEIF_DECODER, ['--quiet', inputPath, output], { timeoutMs, maxStdoutBytes: 64 * 1024 });
    // A file with several top-level images (a burst) comes out as decoded-1.png, decoded-2.png…
    // in file order; phones write the primary image first.
    const png = code === 0 ? ((await readFile(output).catch(() => null)) ?? (await readFile(path.join(dir, 'decoded-1.png')).catch(() => null))) : null;
    if (!png || png.length === 0) {
      throw new UnsupportedMediaError(UNREADABLE, {
        cause: new Error(`${HEIF_DECODER} exited with ${code}: ${stderr.trim().slice(-500)}`),
      });
    }
    return png;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// sharp reads a HEIC's header (not its HEVC pixels): a grid declaring a billion pixels is
// refused before the decoder allocates them, as any other image is.
async function refuseBombs(inputPath: string): Promise<void> {
  const header = await sharp(inputPath, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw new UnsupportedMediaError(UNREADABLE, { cause: error });
    });
  if (!header.width || !header.height) throw new UnsupportedMediaError(UNREADABLE);
  if (header.width * header.height > MAX_INPUT_PIXELS) throw new ImageTooLargeError(MAX_INPUT_PIXELS);
}
