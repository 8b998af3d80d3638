import { readFile, rm } from 'node:fs/promises';
import { derivativeContentType, objectKeys, type ObjectRole, type StoredObject } from '../storage/file-objects';
import type { Storage } from '../storage/storage';
import { processAudio } from './audio';
import { stripContainerMetadata } from './container-metadata';
import { acceptedTypeByMime, type MediaKind } from './detect-type';
import { decodeHeif, needsHeifDecoder } from './heif';
import { scrubHeifMetadata } from './heif-metadata';
import { processImage, sanitizeOriginal, type ImageDerivatives } from './image';
import { DEFAULT_MEDIA_TIMEOUT_MS } from './ffmpeg';
import { MediaTimeoutError, UnsupportedMediaError } from './media-errors';
import { renderPdfPreview } from './pdf';
import { processVideo } from './video';
import { playsInBrowsers } from './web-playback';

export type { StoredObject } from '../storage/file-objects';

/** `original` is the upload as it may be published: metadata stripped for images, video and audio, else the bytes as sent. */
export type MediaDerivatives = { original: StoredObject } & Partial<Record<Exclude<ObjectRole, 'original'>, StoredObject>>;

export interface MediaResult {
  width?: number;
  height?: number;
  durationSeconds?: number;
  placeholder?: string;
  derivatives: MediaDerivatives;
  /** A video or audio file browsers cannot play as uploaded: it needs a web rendition (media/web-playback.ts). */
  needsRendition?: boolean;
}

export interface MediaLogger {
  warn(details: object, message: string): void;
}

export interface ProcessMediaInput {
  /** A local temp file holding the upload; read only, never moved or deleted here. */
  inputPath: string;
  kind: MediaKind;
  mime: string;
  storage: Storage;
  /** e.g. `ab/cd/<uuid>` from `newKeyBase()`; every object of this upload is stored under it. */
  keyBase: string;
  /** A pino-style logger (Fastify's `request.log`); console by default. */
  logger?: MediaLogger;
  /** Time limit of each media process (ffmpeg, the PDF worker); ffprobe gets a smaller one. */
  timeoutMs?: number;
}

/**
 * Stores an upload and everything derived from it. Refused (throws, nothing stays stored): an
 * image that cannot be decoded or is too large, a video or audio file that ffprobe cannot
 * read, and any file a media tool cannot finish within the time limit. A PDF whose preview
 * fails otherwise, or a video with no decodable frame, is kept without the preview: the file
 * itself is still worth sharing.
 */
export async function processMedia(input: ProcessMediaInput): Promise<MediaResult> {
  const type = acceptedTypeByMime(input.mime);
  if (!type || type.kind !== input.kind) throw new UnsupportedMediaError();
  const keys = objectKeys(input.keyBase, type.ext);
  const logger = input.logger ?? consoleLogger;
  const timeoutMs = input.timeoutMs ?? DEFAULT_MEDIA_TIMEOUT_MS;
  const written: string[] = [];
  const inFlight: Promise<unknown>[] = [];
  const put = async (key: string, body: Buffer | { path: string }, contentType: string): Promise<StoredObject> => {
    written.push(key);
    const write = input.storage.put(key, body, { contentType });
    inFlight.push(write.catch(() => undefined));
    const { size } = await write;
    return { key, size };
  };

  try {
    if (input.kind === 'image') {
      // Derivatives first: an undecodable image is refused before anything is stored. HEIC
      // comes out of its decoder upright; browsers show it through these derivatives only.
      const heic = needsHeifDecoder(input.mime);
      const [image, clean] = await Promise.all([
        heic
          ? decodeHeif(input.inputPath, timeoutMs).then((png) => processImage(png, { jpeg: true, orientation: 'decoded' }))
          : processImage(input.inputPath, { jpeg: true }),
        isHeifFamily(input.mime) ? readFile(input.inputPath).then(scrubHeifMetadata) : sanitizeOriginal(input.inputPath),
      ]);
      const [original, stills] = await Promise.all([
        put(keys.original, clean ?? { path: input.inputPath }, input.mime),
        storeImageDerivatives(image, keys, put),
      ]);
      return { width: image.width, height: image.height, placeholder: image.placeholder, derivatives: { original, ...stills } };
    }

    // Probed before anything is stored: a file ffprobe refuses leaves no object behind.
    const video = input.kind === 'video' ? await processVideo(input.inputPath, input.mime, timeoutMs) : null;
    const audio = input.kind === 'audio' ? await processAudio(input.inputPath, input.mime, timeoutMs) : null;
    // Stored without its container's metadata (location, device): the streams bit for bit.
    const clean = video || audio ? `${input.inputPath}.clean` : null;
    if (clean) await stripContainerMetadata(input.inputPath, input.mime, clean, timeoutMs);
    const original = await put(keys.original, { path: clean ?? input.inputPath }, input.mime).finally(() => clean && rm(clean, { force: true }));
    const derivatives: MediaDerivatives = { original };
    const result: MediaResult = { derivatives };

    if (video || audio) result.needsRendition = !playsInBrowsers(input.mime, (video ?? audio)!.probe);
    if (video) {
      assignDefined(result, { width: video.width, height: video.height, durationSeconds: video.durationSeconds });
      if (video.poster) {
        result.placeholder = video.poster.placeholder;
        derivatives.poster = await put(keys.poster, video.poster.webp, derivativeContentType('poster'));
        derivatives.thumbnail = await put(keys.thumbnail, video.poster.thumbnail, derivativeContentType('thumbnail'));
      }
    } else if (audio) {
      assignDefined(result, { durationSeconds: audio.durationSeconds });
    } else if (input.kind === 'pdf') {
      const pdf = await optional(logger, input, 'PDF preview', () => renderPdfPreview(input.inputPath, timeoutMs));
      if (pdf) {
        assignDefined(result, { width: pdf.image.width, height: pdf.image.height, placeholder: pdf.image.placeholder });
        derivatives.preview = await put(keys.preview, pdf.image.webp, derivativeContentType('preview'));
        derivatives.thumbnail = await put(keys.thumbnail, pdf.image.thumbnail, derivativeContentType('thumbnail'));
      }
    }
    return result;
  } catch (error) {
    // No half-stored upload: the caller will not have a row pointing at these keys. Parallel
    // writes may still be running when one fails; deleting before they land would orphan them.
    await Promise.all(inFlight);
    await Promise.all(written.map((key) => input.storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

/** HEIC, HEIF and AVIF share one container, whose metadata is removed without re-encoding. */
function isHeifFamily(mime: string): boolean {
  return needsHeifDecoder(mime) || mime === 'image/avif';
}

async function storeImageDerivatives(
  image: ImageDerivatives,
  keys: Record<ObjectRole, string>,
  put: (key: string, body: Buffer, contentType: string) => Promise<StoredObject>,
): Promise<Omit<MediaDerivatives, 'original'>> {
  const [compressed, webp, thumbnail] = await Promise.all([
    image.compressed ? put(keys.compressed, image.compressed, derivativeContentType('compressed')) : undefined,
    put(keys.webp, image.webp, derivativeContentType('webp')),
    put(keys.thumbnail, image.thumbnail, derivativeContentType('thumbnail')),
  ]);
  return compressed ? { compressed, webp, thumbnail } : { webp, thumbnail };
}

async function optional<T>(logger: MediaLogger, input: ProcessMediaInput, what: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    // Running out of time is the file's fault, not a missing preview: refuse it.
    if (error instanceof MediaTimeoutError) throw error;
    logger.warn({ err: error, keyBase: input.keyBase, mime: input.mime }, `${what} failed; keeping the upload without it`);
    return null;
  }
}

function assignDefined(target: MediaResult, values: { width?: number | null; height?: number | null; durationSeconds?: number | null; placeholder?: string }): void {
  for (const [name, value] of Object.entries(values)) {
    if (value !== null && value !== undefined) (target as unknown as Record<string, unknown>)[name] = value;
  }
}

const consoleLogger: MediaLogger = {
  warn(details, message) {
    console.warn(message, details);
  },
};
