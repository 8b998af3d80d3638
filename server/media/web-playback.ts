import { DEFAULT_MEDIA_TIMEOUT_MS, inputArgs, runFfmpeg } from './ffmpeg';
import { probeMedia, type MediaProbe } from './ffprobe';
import { MediaTimeoutError, UnsupportedMediaError } from './media-errors';

// What every browser plays (decision 020): H.264 (8-bit 4:2:0) + AAC in MP4, and VP8/VP9/AV1 +
// Vorbis/Opus in WebM. Anything else, HEVC from a phone, QuickTime, Matroska, 3GP, Theora,
// gets a web rendition, made after the upload by the `file.rendition` job. Audio likewise:
// MP3, AAC, FLAC, Vorbis/Opus and plain PCM WAV play everywhere; ALAC, AMR or anything in
// Matroska or 3GP gets an AAC rendition.

type Codecs = Pick<MediaProbe, 'hasVideo' | 'hasAudio' | 'videoCodec' | 'pixelFormat' | 'audioCodec'>;

const BROWSER_PIXEL_FORMATS = new Set(['yuv420p', 'yuvj420p']);
const PCM_EVERYWHERE = new Set(['pcm_u8', 'pcm_s16le', 'pcm_s24le', 'pcm_f32le']);

/** Whether browsers can play the original as it is; false means it needs a rendition. */
export function playsInBrowsers(mime: string, probe: Codecs): boolean {
  const audio = (allowed: string[]) => !probe.hasAudio || allowed.includes(probe.audioCodec ?? '');
  switch (mime) {
    case 'video/mp4':
      return (!probe.hasVideo || isBrowserH264(probe)) && audio(['aac']);
    case 'video/webm':
      return (!probe.hasVideo || ['vp8', 'vp9', 'av1'].includes(probe.videoCodec ?? '')) && audio(['vorbis', 'opus']);
    case 'audio/mpeg':
      return audio(['mp3']);
    case 'audio/mp4':
    case 'audio/aac':
      return audio(['aac']);
    case 'audio/flac':
      return audio(['flac']);
    case 'audio/ogg':
    case 'audio/webm':
      return audio(['vorbis', 'opus']);
    case 'audio/wav':
      return PCM_EVERYWHERE.has(probe.audioCodec ?? '');
    default:
      return false;
  }
}

function isBrowserH264(probe: Codecs): boolean {
  return probe.videoCodec === 'h264' && BROWSER_PIXEL_FORMATS.has(probe.pixelFormat ?? '');
}

/** Long and short side of "at most 1080p", whichever way the picture is held. */
export const RENDITION_LONG_SIDE = 1920;
export const RENDITION_SHORT_SIDE = 1080;

// Scale factor that fits both bounds, never enlarging; sizes rounded down to even numbers, as
// 4:2:0 needs. Rotation is applied first (ffmpeg's autorotate), so iw/ih are as displayed.
const FIT = `min(1\\,min(${RENDITION_LONG_SIDE}/max(iw\\,ih)\\,${RENDITION_SHORT_SIDE}/min(iw\\,ih)))`;
const SCALE = `scale=w=2*trunc(iw*${FIT}/2):h=2*trunc(ih*${FIT}/2)`;

/** ffmpeg's arguments for the web rendition of `source` (probed) into `output`. */
export function renditionArgs(inputPath: string, mime: string, kind: 'video' | 'audio', source: Codecs & Pick<MediaProbe, 'width' | 'height'>, output: string): string[] {
  // No tag of the source's: an original stored before its metadata was stripped leaks none into its rendition.
  const noTags = ['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact'];
  const audio = source.hasAudio ? ['-map', '0:a:0', ...(source.audioCodec === 'aac' ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', kind === 'audio' ? '192k' : '160k'])] : [];
  if (kind === 'audio' || !source.hasVideo) return ['-v', 'error', ...inputArgs(inputPath, mime), ...audio, ...noTags, '-vn', '-sn', '-dn', '-movflags', '+faststart', '-f', 'mp4', output];
  // Browser H.264 that fits the bounds is only moved into MP4 (seconds, no quality lost; the
  // rotation stays in the track's display matrix, which browsers honour).
  const fits = source.width !== null && source.height !== null && Math.max(source.width, source.height) <= RENDITION_LONG_SIDE && Math.min(source.width, source.height) <= RENDITION_SHORT_SIDE;
  const video = isBrowserH264(source) && fits
    ? ['-c:v', 'copy']
    : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-vf', SCALE, '-fps_mode', 'vfr'];
  return ['-v', 'error', ...inputArgs(inputPath, mime), '-map', '0:v:0', ...video, ...audio, ...noTags, '-sn', '-dn', '-max_muxing_queue_size', '1024', '-movflags', '+faststart', '-f', 'mp4', output];
}

export type RenditionOutcome = { ok: true } | { ok: false; reason: string };

/**
 * Makes the web rendition of a stored original (a local copy at `inputPath`) into `output`, and
 * checks it with ffprobe: H.264 video when the source had video, AAC audio when it had audio.
 * A file ffmpeg cannot convert, or not within the time limit, is `ok: false`: trying again
 * would fail again. Only a tool that cannot be started throws.
 */
export async function makeRendition(inputPath: string, mime: string, kind: 'video' | 'audio', output: string, timeoutMs = DEFAULT_MEDIA_TIMEOUT_MS): Promise<RenditionOutcome> {
  try {
    const source = await probeMedia(inputPath, mime, timeoutMs);
    const { code, stderr } = await runFfmpeg(renditionArgs(inputPath, mime, kind, source, output), timeoutMs);
    if (code !== 0) return { ok: false, reason: `ffmpeg exited with ${code}: ${stderr.trim().slice(-300)}` };
    const made = await probeMedia(output, 'video/mp4', timeoutMs);
    const videoOk = kind === 'audio' || !source.hasVideo || (made.videoCodec === 'h264' && made.pixelFormat !== null && BROWSER_PIXEL_FORMATS.has(made.pixelFormat));
    const audioOk = !source.hasAudio || made.audioCodec === 'aac';
    if (!videoOk || !audioOk || !made.durationSeconds) return { ok: false, reason: `rendition holds ${made.videoCodec ?? 'no video'}/${made.audioCodec ?? 'no audio'}, ${made.durationSeconds ?? 0} s` };
    return { ok: true };
  } catch (error) {
    if (error instanceof MediaTimeoutError) return { ok: false, reason: `${error.tool} ran past ${error.timeoutMs} ms` };
    if (error instanceof UnsupportedMediaError) return { ok: false, reason: `unreadable: ${String((error as { cause?: unknown }).cause ?? error.message)}` };
    throw error;
  }
}
