import type { Recognizer } from '../media/recognition/recognizer';
import { timed, type Metrics } from './metrics';

/** The recognizer, each analysis timed into the recognition metric. */
export function createTimedRecognizer(recognizer: Recognizer, metrics?: Metrics): Recognizer {
  if (!metrics) return recognizer;
  return {
    analyze: (image) => timed((s) => metrics.recognition.observe(s), () => recognizer.analyze(image)),
    close: () => recognizer.close(),
    memoryUsage: () => recognizer.memoryUsage(),
    terminateWorker: () => recognizer.terminateWorker(),
  };
}
