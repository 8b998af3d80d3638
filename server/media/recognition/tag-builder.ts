import { nearestColourName } from './colour-names.ts';
import type { ImageFacts } from './image-decode.ts';
import { RECOGNITION_THRESHOLDS } from './thresholds.ts';

export type RecognitionResult = {
  /** Suggested tags: lower case, de-duplicated, 1–40 chars, at most 20. */
  tags: string[];
  isNsfw: boolean;
  /** 0–1: Porn + Hentai, plus Sexy when the model is very sure of it. */
  nsfwScore: number;
  /** COCO classes above the score threshold, best first, one entry per class. */
  objects: { label: string; score: number }[];
};

export type Detection = { label: string; score: number };
export type NsfwPrediction = { className: string; probability: number };

// Tags are clicked to search, so a multi-word COCO class becomes the word people would type
// when one exists; classes without a natural single word stay as phrases.
const TAG_FOR_CLASS: Readonly<Record<string, string>> = {
  'cell phone': 'phone',
  'hot dog': 'hotdog',
  'potted plant': 'plant',
  'dining table': 'table',
  'sports ball': 'ball',
  'hair drier': 'hairdryer',
  'fire hydrant': 'hydrant',
  'wine glass': 'glass',
  'teddy bear': 'teddy bear',
  'traffic light': 'traffic light',
  'stop sign': 'stop sign',
  'parking meter': 'parking meter',
  'baseball bat': 'baseball bat',
  'baseball glove': 'baseball glove',
  'tennis racket': 'tennis racket',
};

export function tagForClass(label: string): string {
  const key = label.trim().toLowerCase();
  return TAG_FOR_CLASS[key] ?? key;
}

/** Keeps confident detections, one per class with its best score, best first. */
export function confidentObjects(detections: readonly Detection[]): Detection[] {
  const best = new Map<string, number>();
  for (const { label, score } of detections) {
    if (!(score >= RECOGNITION_THRESHOLDS.minObjectScore)) continue;
    const key = label.trim().toLowerCase();
    best.set(key, Math.max(best.get(key) ?? 0, score));
  }
  return [...best].map(([label, score]) => ({ label, score: round(score) })).sort((a, b) => b.score - a.score);
}

// 'portrait' and 'landscape' would read as "a photo of a person" / "scenery" in a tag list,
// which the pixels' shape does not tell; 'vertical'/'horizontal' say only what is known.
export type OrientationTag = 'horizontal' | 'vertical' | 'square';

export function orientationTag(width: number, height: number): OrientationTag {
  const ratio = width / height;
  if (Math.abs(ratio - 1) <= RECOGNITION_THRESHOLDS.squareTolerance) return 'square';
  return ratio > 1 ? 'horizontal' : 'vertical';
}

export function nsfwVerdict(predictions: readonly NsfwPrediction[]): { isNsfw: boolean; nsfwScore: number } {
  const probability = (name: string) => predictions.find((p) => p.className === name)?.probability ?? 0;
  const sexy = probability('Sexy');
  const explicit = probability('Porn') + probability('Hentai');
  // Swimwear and lingerie score 'Sexy' often; only a very sure 'Sexy' adds to the score.
  const nsfwScore = Math.min(1, explicit + (sexy >= RECOGNITION_THRESHOLDS.sexyScore ? sexy : 0));
  return { isNsfw: nsfwScore >= RECOGNITION_THRESHOLDS.nsfwScore, nsfwScore: round(nsfwScore) };
}

/** Lower-cases, trims, drops empty and over-long tags, de-duplicates and caps the count. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase().replace(/\s+/g, ' ');
    if (tag.length < 1 || tag.length > RECOGNITION_THRESHOLDS.maxTagLength) continue;
    seen.add(tag);
    if (seen.size === RECOGNITION_THRESHOLDS.maxTags) break;
  }
  return [...seen];
}

export type RecognitionInput = {
  facts: ImageFacts;
  /** Absent when AUTOTAG=off: only the model-free extras are produced. */
  detections?: readonly Detection[];
  nsfw?: readonly NsfwPrediction[];
};

// What was seen comes first, then the cheap extras that are true of any image.
export function buildRecognitionResult({ facts, detections = [], nsfw = [] }: RecognitionInput): RecognitionResult {
  const objects = confidentObjects(detections);
  const tags = normaliseTags([
    ...objects.map((object) => tagForClass(object.label)),
    orientationTag(facts.width, facts.height),
    nearestColourName(facts.dominant),
  ]);
  return { tags, objects, ...nsfwVerdict(nsfw) };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
