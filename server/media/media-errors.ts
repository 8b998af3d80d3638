import { AppError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../lib/errors';

// Errors of the media pipeline that a user can act on. They sit in the app's one error
// hierarchy, so the error handler answers 415/413 with the message as is; the library's own
// error stays in `cause` for the log.

/** The bytes are not one of the accepted types, or an image could not be decoded. */
export class UnsupportedMediaError extends UnsupportedMediaTypeError {
  constructor(message = 'File type not supported', options?: { cause?: unknown }) {
    super(message);
    if (options) this.cause = options.cause;
  }
}

/** Pixel count above the limit: refused before decoding, so a tiny file cannot exhaust memory. */
export class ImageTooLargeError extends PayloadTooLargeError {
  readonly maxPixels: number;
  constructor(maxPixels: number, options?: { cause?: unknown }) {
    super(`Image dimensions are too large (max ${Math.round(maxPixels / 1_000_000)} megapixels)`);
    this.maxPixels = maxPixels;
    if (options) this.cause = options.cause;
  }
}

/**
 * A media tool ran past its time limit on this file and was killed. 422: the type is accepted
 * but this file cannot be processed; a crafted file must not hold a core for minutes.
 */
export class MediaTimeoutError extends AppError {
  readonly tool: string;
  readonly timeoutMs: number;
  constructor(tool: string, timeoutMs: number) {
    super(422, 'The file took too long to process');
    this.tool = tool;
    this.timeoutMs = timeoutMs;
  }
}
