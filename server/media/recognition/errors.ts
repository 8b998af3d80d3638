import { AppError } from '../../lib/errors.ts';

// Typed failures of the recognizer. They extend the app's one error hierarchy, so the
// analyze-tags route can let them reach the error handler and get a fitting status; the
// messages are safe to show, details stay in `cause` for the log.
export class RecognitionError extends AppError {
  readonly code: string;

  constructor(code: string, statusCode: number, message: string, options?: { cause?: unknown }) {
    super(statusCode, message);
    this.code = code;
    if (options && 'cause' in options) this.cause = options.cause;
  }
}

/** The bytes are not an image sharp can decode, or exceed the pixel limit. */
export class UnsupportedImageError extends RecognitionError {
  constructor(message = 'The file is not an image that can be analysed', options?: { cause?: unknown }) {
    super('unsupported-image', 415, message, options);
  }
}

/** The worker died (crash, out of memory, terminated) while this request was in flight. */
export class RecognitionWorkerCrashedError extends RecognitionError {
  constructor(options?: { cause?: unknown }) {
    super('worker-crashed', 503, 'Image analysis stopped unexpectedly; try again', options);
  }
}

/** The worker took longer than the per-request timeout; it is replaced by a fresh one. */
export class RecognitionTimeoutError extends RecognitionError {
  constructor(timeoutMs: number) {
    super('timeout', 503, `Image analysis took longer than ${Math.round(timeoutMs / 1000)} s; try again`);
  }
}

/** Too many requests are waiting, the models could not load, or the recognizer was closed. */
export class RecognitionUnavailableError extends RecognitionError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('unavailable', 503, message, options);
  }
}

/** Anything else the worker reported; the message stays generic, the detail is the cause. */
export class RecognitionFailedError extends RecognitionError {
  constructor(options?: { cause?: unknown }) {
    super('failed', 500, 'Image analysis failed', options);
  }
}
