// Typed failures of the recognizer, so the files module can map each to a status and the
// spec's 'Analysis Failed' message without parsing strings.
export class RecognitionError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** The bytes are not an image sharp can decode (or exceed the pixel limit): a 415/400 case. */
export class UnsupportedImageError extends RecognitionError {
  constructor(message = 'The file is not an image that can be analysed', options?: { cause?: unknown }) {
    super('unsupported-image', message, options);
  }
}

/** The worker died (crash, out of memory, terminated) while this request was in flight. */
export class RecognitionWorkerCrashedError extends RecognitionError {
  constructor(message = 'The recognition worker stopped while analysing the image', options?: { cause?: unknown }) {
    super('worker-crashed', message, options);
  }
}

/** The worker took longer than the per-request timeout; it is replaced by a fresh one. */
export class RecognitionTimeoutError extends RecognitionError {
  constructor(timeoutMs: number) {
    super('timeout', `Image analysis took longer than ${timeoutMs} ms`);
  }
}

/** Too many requests are already waiting, or the recognizer was closed. */
export class RecognitionUnavailableError extends RecognitionError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('unavailable', message, options);
  }
}
