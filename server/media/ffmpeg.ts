import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { createLimiter } from './concurrency';

export interface FfmpegResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

export interface MediaProbe {
  durationSeconds: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  /** Coded size of the first video stream, before any rotation. */
  width: number | null;
  height: number | null;
}

export class FfmpegError extends Error {
  readonly stderr: string;
  constructor(message: string, stderr = '') {
    super(message);
    this.name = 'FfmpegError';
    this.stderr = stderr;
  }
}

const DEFAULT_TIMEOUT_MS = 60_000;
const STDERR_KEEP = 64 * 1024;

let cachedPath: string | undefined;
// ffmpeg decodes with several threads already; one process per core is plenty.
const limit = createLimiter(availableParallelism());

// Debian's ffmpeg receives security updates, so it wins when installed; the npm package's
// static build (from 2018) is the fallback that needs no system package.
export function ffmpegPath(): string {
  if (cachedPath) return cachedPath;
  const system = spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore', timeout: 5000 });
  if (system.status === 0) {
    cachedPath = 'ffmpeg';
  } else {
    const require = createRequire(import.meta.url);
    cachedPath = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  }
  return cachedPath;
}

/** Runs ffmpeg with `args`; resolves whatever the exit code (callers decide), rejects on timeout. */
export function runFfmpeg(args: string[], timeoutMs = DEFAULT_TIMEOUT_MS): Promise<FfmpegResult> {
  return limit(() => spawnFfmpeg(args, timeoutMs));
}

function spawnFfmpeg(args: string[], timeoutMs: number): Promise<FfmpegResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new FfmpegError(`ffmpeg timed out after ${timeoutMs} ms`, stderr));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    // Only the tail matters (the summary and the last progress line); keep memory bounded.
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(stdout), stderr });
    });
  });
}

// Untrusted input: only local files may be opened (no http, no concat of other paths), and
// the demuxer is forced to the detected type so ffmpeg cannot be talked into another one.
export function inputArgs(inputPath: string, mime?: string): string[] {
  const demuxer = mime ? DEMUXERS[mime.split(';')[0]] : undefined;
  return ['-protocol_whitelist', 'file', ...(demuxer ? ['-f', demuxer] : []), '-i', inputPath];
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
};

/**
 * Reads duration and streams from `ffmpeg -i`'s banner: the npm build ships no ffprobe. When
 * the container states no duration, the file is decoded to nowhere and the last timestamp read.
 */
export async function probeMedia(inputPath: string, mime?: string): Promise<MediaProbe> {
  const { stderr } = await runFfmpeg(inputArgs(inputPath, mime));
  const streams = stderr.split('\n').filter((line) => /^\s*Stream #\d+:\d+/.test(line));
  if (streams.length === 0) throw new FfmpegError('ffmpeg found no streams in the file', stderr);
  // Cover art in an audio file shows up as a one-frame "video" stream.
  const videoLine = streams.find((line) => line.includes(': Video: ') && !line.includes('attached pic'));
  const size = videoLine ? /, (\d{1,5})x(\d{1,5})/.exec(videoLine) : null;
  const probe: MediaProbe = {
    durationSeconds: parseDuration(stderr),
    hasVideo: videoLine !== undefined,
    hasAudio: streams.some((line) => line.includes(': Audio: ')),
    width: size ? Number(size[1]) : null,
    height: size ? Number(size[2]) : null,
  };
  if (probe.durationSeconds === null && (probe.hasVideo || probe.hasAudio)) {
    const decoded = await runFfmpeg([...inputArgs(inputPath, mime), '-f', 'null', '-']);
    probe.durationSeconds = parseLastTime(decoded.stderr);
  }
  return probe;
}

export function parseDuration(stderr: string): number | null {
  const match = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : null;
}

function parseLastTime(stderr: string): number | null {
  const times = [...stderr.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
  const last = times.at(-1);
  return last ? Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]) : null;
}
