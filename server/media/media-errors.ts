// Errors of the media pipeline that a user can act on. `status` is the HTTP status the
// error handler should answer with; the message is safe to show as is.
export class MediaError extends Error {
  readonly status: number;
  constructor(message: string, status: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.status = status;
  }
}

/** The bytes are not one of the accepted types, or an image could not be decoded. */
export class UnsupportedMediaError extends MediaError {
  constructor(message = 'File type not supported', options?: { cause?: unknown }) {
    super(message, 415, options);
  }
}

/** Pixel count above the limit: refused before decoding, so a tiny file cannot exhaust memory. */
export class ImageTooLargeError extends MediaError {
  readonly maxPixels: number;
  constructor(maxPixels: number, options?: { cause?: unknown }) {
    super(`Image dimensions are too large (max ${Math.round(maxPixels / 1_000_000)} megapixels)`, 413, options);
    this.maxPixels = maxPixels;
  }
}
