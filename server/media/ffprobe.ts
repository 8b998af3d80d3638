import { DEFAULT_MEDIA_TIMEOUT_MS, FFPROBE, decodedDuration, inputArgs, probeTimeoutMs } from './ffmpeg';
import { UnsupportedMediaError } from './media-errors';
import { runMediaProcess } from './media-process';

export interface MediaProbe {
  durationSeconds: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  /** Coded size of the first video stream, before any rotation. */
  width: number | null;
  height: number | null;
  /** ffmpeg's names of the first video and audio streams' codecs (`h264`, `hevc`, `aac`…), which decide web playback. */
  videoCodec: string | null;
  /** e.g. `yuv420p`; browsers decode only 8-bit 4:2:0 H.264. */
  pixelFormat: string | null;
  audioCodec: string | null;
}

// The slice of ffprobe's JSON that is read; everything in it is optional, since it describes
// an untrusted file.
interface ProbeJson {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
  }[];
  format?: { duration?: string };
}

// Enough for a file with hundreds of streams; more is not a file anyone shares.
const MAX_PROBE_OUTPUT = 1024 * 1024;

/**
 * Reads streams and duration with ffprobe's JSON output (a stable interface, unlike the
 * banner). A file ffprobe cannot read, or that holds neither audio nor video, is refused with
 * 415; one it cannot read in time, with 422. When the container states no duration, the
 * file is decoded to find it, under the full (larger) limit.
 */
export async function probeMedia(inputPath: string, mime?: string, timeoutMs = DEFAULT_MEDIA_TIMEOUT_MS): Promise<MediaProbe> {
  const { code, stdout, stderr } = await runMediaProcess(
    FFPROBE,
    ['-v', 'error', '-hide_banner', '-print_format', 'json', '-show_format', '-show_streams', ...inputArgs(inputPath, mime)],
    { timeoutMs: probeTimeoutMs(timeoutMs), maxStdoutBytes: MAX_PROBE_OUTPUT },
  );
  if (code !== 0) throw new UnsupportedMediaError(undefined, { cause: new Error(`ffprobe exited with ${code}: ${stderr.trim().slice(-500)}`) });
  const probe = parseProbe(stdout.toString('utf8'));
  if (!probe.hasVideo && !probe.hasAudio) throw new UnsupportedMediaError(undefined, { cause: new Error('ffprobe found no audio or video stream') });
  if (probe.durationSeconds === null) probe.durationSeconds = await decodedDuration(inputPath, mime, timeoutMs);
  return probe;
}

/** ffprobe's JSON → what the pipeline needs; throws UnsupportedMediaError on output that is not JSON. */
export function parseProbe(json: string): MediaProbe {
  let parsed: ProbeJson;
  try {
    parsed = JSON.parse(json) as ProbeJson;
  } catch (error) {
    throw new UnsupportedMediaError(undefined, { cause: error });
  }
  const streams = Array.isArray(parsed.streams) ? parsed.streams : [];
  // Cover art in an audio file is a one-frame "video" stream marked as an attached picture.
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const audio = streams.find((s) => s.codec_type === 'audio');
  // The container's duration, as players show it; else the longest stream's.
  const streamDurations = streams.map((s) => seconds(s.duration)).filter((d) => d !== null);
  return {
    durationSeconds: seconds(parsed.format?.duration) ?? (streamDurations.length > 0 ? Math.max(...streamDurations) : null),
    hasVideo: video !== undefined,
    hasAudio: audio !== undefined,
    width: dimension(video?.width),
    height: dimension(video?.height),
    videoCodec: name(video?.codec_name),
    pixelFormat: name(video?.pix_fmt),
    audioCodec: name(audio?.codec_name),
  };
}

// Names are compared against short lists; anything odd in an untrusted file becomes null.
function name(value: unknown): string | null {
  return typeof value === 'string' && /^[a-z0-9_]{1,32}$/.test(value) ? value : null;
}

function seconds(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
}

function dimension(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 65_535 ? value : null;
}
