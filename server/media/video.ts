import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_MEDIA_TIMEOUT_MS, inputArgs, runFfmpeg } from './ffmpeg';
import { probeMedia, type MediaProbe } from './ffprobe';
import { processImage, type ImageDerivatives } from './image';
import { MediaTimeoutError } from './media-errors';

export interface VideoInfo {
  durationSeconds: number | null;
  /** Display size (rotation applied) when a frame was extracted, else the coded size. */
  width: number | null;
  height: number | null;
  /** WebP poster, its thumbnail and placeholder; null when no frame could be extracted. */
  poster: ImageDerivatives | null;
  /** What ffprobe found: the codecs decide whether browsers play the file as it is. */
  probe: MediaProbe;
}

// One second in skips black fade-ins and title frames; clips shorter than two seconds use
// their first frame so the poster is never taken from the very end.
const POSTER_AT_SECONDS = 1;

/**
 * Probes (refusing what ffprobe cannot read) and takes a poster frame. A frame that does not
 * decode leaves the video without a poster. `timeoutMs` bounds the whole video, not each tool:
 * a probe, a decode and two frame grabs together may not hold a core longer than that.
 */
export async function processVideo(inputPath: string, mime?: string, timeoutMs = DEFAULT_MEDIA_TIMEOUT_MS): Promise<VideoInfo> {
  const deadline = Date.now() + timeoutMs;
  const left = (tool: string) => {
    const ms = deadline - Date.now();
    if (ms <= 0) throw new MediaTimeoutError(tool, timeoutMs);
    return ms;
  };
  const probe = await probeMedia(inputPath, mime, timeoutMs);
  const seek = (probe.durationSeconds ?? 0) >= 2 * POSTER_AT_SECONDS ? POSTER_AT_SECONDS : 0;
  let frame: Buffer | null = null;
  if (probe.hasVideo) {
    frame = await extractFrame(inputPath, mime, seek, left('ffmpeg'));
    if (!frame && seek > 0) frame = await extractFrame(inputPath, mime, 0, left('ffmpeg'));
  }
  const poster = frame ? await processImage(frame) : null;
  return {
    durationSeconds: probe.durationSeconds,
    width: poster?.width ?? probe.width,
    height: poster?.height ?? probe.height,
    poster,
    probe,
  };
}

/** One frame as PNG (lossless, so the WebP poster is encoded only once), or null if none decodes there. */
export async function extractFrame(inputPath: string, mime: string | undefined, atSeconds: number, timeoutMs = DEFAULT_MEDIA_TIMEOUT_MS): Promise<Buffer | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kaleido-frame-'));
  const output = path.join(dir, 'frame.png');
  try {
    // -ss before -i seeks by keyframe then decodes up to the exact time: fast and accurate.
    await runFfmpeg(
      ['-v', 'error', '-ss', String(atSeconds), ...inputArgs(inputPath, mime), '-frames:v', '1', '-an', '-sn', '-f', 'image2', '-c:v', 'png', output],
      timeoutMs,
    );
    const frame = await readFile(output).catch(() => null);
    return frame && frame.length > 0 ? frame : null;
  } catch (error) {
    if (error instanceof MediaTimeoutError) throw error;
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
