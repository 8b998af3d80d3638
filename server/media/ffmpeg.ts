import { runMediaProcess, type ProcessResult } from './media-process';

export type FfmpegResult = ProcessResult;

// Debian's ffmpeg and ffprobe (installed by scripts/ensure-deps.mjs), found on PATH: they get
// the distribution's security updates, which a binary shipped inside an npm package never does.
export const FFMPEG = 'ffmpeg';
export const FFPROBE = 'ffprobe';

/** Per-process time limit when none is configured (MEDIA_TIMEOUT_SECONDS). */
export const DEFAULT_MEDIA_TIMEOUT_MS = 60_000;
// Reading a container's header takes milliseconds; a probe that runs for seconds is an attack.
const PROBE_TIMEOUT_CAP_MS = 10_000;

/** The probe's own, smaller limit: at most 10 s, never more than the configured one. */
export function probeTimeoutMs(timeoutMs: number): number {
  return Math.min(timeoutMs, PROBE_TIMEOUT_CAP_MS);
}

/** Runs ffmpeg with `args`; resolves whatever the exit code (callers decide), rejects on timeout. */
export function runFfmpeg(args: string[], timeoutMs = DEFAULT_MEDIA_TIMEOUT_MS): Promise<FfmpegResult> {
  return runMediaProcess(FFMPEG, ['-hide_banner', '-nostdin', ...args], { timeoutMs });
}

// Untrusted input: only local files may be opened (no http, no concat of other paths), and
// the demuxer is forced to the detected type so ffmpeg cannot be talked into another one.
export function inputArgs(inputPath: string, mime?: string): string[] {
  const demuxer = demuxerFor(mime);
  return ['-protocol_whitelist', 'file', ...(demuxer ? ['-f', demuxer] : []), '-i', inputPath];
}

function demuxerFor(mime?: string): string | undefined {
  return mime ? DEMUXERS[mime.split(';')[0]] : undefined;
}

const DEMUXERS: Record<string, string> = {
  'video/mp4': 'mov',
  'audio/mp4': 'mov',
  'video/webm': 'matroska',
  'audio/webm': 'matroska',
  'video/ogg': 'ogg',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'video/quicktime': 'mov',
  'video/3gpp': 'mov',
  'video/3gpp2': 'mov',
  'audio/3gpp': 'mov',
  'video/x-matroska': 'matroska',
  'audio/x-matroska': 'matroska',
  'audio/flac': 'flac',
  'audio/aac': 'aac',
};

/**
 * Decodes the whole file to nowhere and answers the last timestamp reached: the duration of a
 * file whose container states none (a browser recording written as a stream).
 */
export async function decodedDuration(inputPath: string, mime: string | undefined, timeoutMs: number): Promise<number | null> {
  const decoded = await runFfmpeg([...inputArgs(inputPath, mime), '-f', 'null', '-'], timeoutMs);
  return decoded.code === 0 ? parseLastTime(decoded.stderr) : null;
}

export function parseLastTime(stderr: string): number | null {
  const times = [...stderr.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
  const last = times.at(-1);
  return last ? Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]) : null;
}
