// Every number that decides what the recognizer says about a photo lives here, so tuning
// against new fixtures is a one-file change and the tests can name the rule they check.
export const RECOGNITION_THRESHOLDS = {
  /** coco-ssd scores below this are noise on real photos (a cat scores ~0.9, clutter ~0.3). */
  minObjectScore: 0.5,
  /** The detector is asked for this many boxes; the tag list is de-duplicated afterwards. */
  maxDetections: 20,
  /** Porn + Hentai probability (nsfwjs classes) above which a photo is flagged. */
  nsfwScore: 0.6,
  /** 'Sexy' (swimwear, lingerie) counts towards the flag only when the model is this sure. */
  sexyScore: 0.85,
  /** Width/height ratios within this distance of 1 are tagged `square`. */
  squareTolerance: 0.05,
  /** Colour naming in HSV (0–1): darker than `blackValue` is black whatever the hue; less
   * saturated than `neutralSaturation` is black, grey or white by brightness alone. */
  colour: { blackValue: 0.12, whiteValue: 0.85, neutralSaturation: 0.18 },
  /** Tags per file and tag length. */
  maxTags: 20,
  maxTagLength: 40,
} as const;

// Limits that keep one request from exhausting the machine.
export const RECOGNITION_LIMITS = {
  /** Decompression bombs: refuse images with more pixels than a 50 MP camera makes. */
  maxInputPixels: 50_000_000,
  /** Longest side fed to the detector; its graph resizes to 300×300 anyway. */
  detectionMaxSide: 320,
  /** nsfwjs MobileNetV2Mid input size. */
  nsfwInputSize: 224,
  /** Per-request time in the worker, model loading of a fresh worker included. */
  requestTimeoutMs: 30_000,
  /** Requests waiting for the worker; beyond this callers are told to retry later. */
  maxQueueLength: 100,
  /** V8 heap cap of the worker; tensors live in WASM memory, which tfjs frees on dispose. */
  workerMaxOldGenerationMb: 512,
} as const;
