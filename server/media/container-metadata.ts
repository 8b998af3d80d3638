import { rm } from 'node:fs/promises';
import { DEFAULT_MEDIA_TIMEOUT_MS, inputArgs, runFfmpeg } from './ffmpeg';
import { MediaTimeoutError, UnsupportedMediaError } from './media-errors';

// A video or audio original is published as uploaded except for its container's metadata
// (docs/decisions/026): a phone writes where and on what device it was recorded
// (`com.apple.quicktime.location.ISO6709`, `©xyz`/`location`, make, model, serials), an MP4,
// 3GP or Matroska file can carry GPS tags, a GoPro a GPS data track. ffmpeg copies the
// streams bit for bit into a new container of the same format and writes no tag of the
// source's: the pictures and sound are unchanged, the display rotation stays (it is the
// track's matrix, not a tag), everything that locates or identifies goes.

/** The muxer that writes each accepted type again: the same container the upload came in. */
const MUXERS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/3gpp': '3gp',
  'video/3gpp2': '3g2',
  'video/webm': 'webm',
  'video/x-matroska': 'matroska',
  'video/ogg': 'ogg',
  'audio/mp4': 'mp4',
  'audio/3gpp': '3gp',
  'audio/webm': 'webm',
  'audio/x-matroska': 'matroska',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/flac': 'flac',
  'audio/aac': 'adts',
};

// Pictures (not cover art: an embedded image carries its own EXIF), sound, and, on the first
// try, subtitles. Data tracks (timed location, GPS telemetry), attachments and cover art are
// left out, as are global, per-stream and chapter tags.
const WITH_SUBTITLES = ['-map', '0:V?', '-map', '0:a?', '-map', '0:s?'];
const PICTURES_AND_SOUND = ['-map', '0:V?', '-map', '0:a?'];
const NO_TAGS = ['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact'];

/** ffmpeg's arguments that write `inputPath` again without its metadata into `output`. */
export function stripMetadataArgs(inputPath: string, mime: string, output: string, streams: 'with-subtitles' | 'pictures-and-sound' = 'with-subtitles'): string[] {
  const muxer = MUXERS[mime];
  if (!muxer) throw new UnsupportedMediaError();
  const faststart = muxer === 'mp4' || muxer === 'mov' || muxer === '3gp' || muxer === '3g2' ? ['-movflags', '+faststart'] : [];
  const map = streams === 'with-subtitles' ? WITH_SUBTITLES : PICTURES_AND_SOUND;
  return ['-v', 'error', ...inputArgs(inputPath, mime), ...map, '-c', 'copy', ...NO_TAGS, ...faststart, '-f', muxer, '-y', output];
}

/**
 * Writes the upload at `inputPath` into `output` without its container metadata, losslessly.
 * A subtitle stream the container cannot take again is dropped on a second try; a file ffmpeg
 * cannot copy at all is refused (415): it is never published with its metadata.
 */
export async function stripContainerMetadata(inputPath: string, mime: string, output: string, timeoutMs = DEFAULT_MEDIA_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (const streams of ['with-subtitles', 'pictures-and-sound'] as const) {
    const left = deadline - Date.now();
    if (left <= 0) throw new MediaTimeoutError('ffmpeg', timeoutMs);
    const { code, stderr } = await runFfmpeg(stripMetadataArgs(inputPath, mime, output, streams), left);
    if (code === 0) return;
    last = stderr.trim().slice(-300);
    await rm(output, { force: true });
  }
  throw new UnsupportedMediaError(undefined, { cause: new Error(`ffmpeg could not copy the streams: ${last}`) });
}
