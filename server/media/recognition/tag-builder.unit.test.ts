import { describe, expect, it } from 'vitest';
import {
  buildRecognitionResult,
  confidentObjects,
  normaliseTags,
  nsfwVerdict,
  orientationTag,
  tagForClass,
} from './tag-builder.ts';
import { RECOGNITION_THRESHOLDS } from './thresholds.ts';

const brownLandscape = { width: 600, height: 400, dominant: { r: 152, g: 120, b: 88 } };

describe('confidentObjects', () => {
  it('drops scores below the threshold and keeps the best score per class, best first', () => {
    const below = RECOGNITION_THRESHOLDS.minObjectScore - 0.01;
    expect(
      confidentObjects([
        { label: 'cup', score: 0.6 },
        { label: 'boat', score: below },
        { label: 'cat', score: 0.93 },
        { label: 'cup', score: 0.95 },
      ]),
    ).toEqual([
      { label: 'cup', score: 0.95 },
      { label: 'cat', score: 0.93 },
    ]);
  });
});

describe('tagForClass', () => {
  it('maps multi-word classes people search by one word', () => {
    expect(tagForClass('cell phone')).toBe('phone');
    expect(tagForClass('dining table')).toBe('table');
    expect(tagForClass('teddy bear')).toBe('teddy bear');
    expect(tagForClass('Cat')).toBe('cat');
  });
});

describe('orientationTag', () => {
  it('says horizontal, vertical or square, within the square tolerance', () => {
    expect(orientationTag(600, 400)).toBe('horizontal');
    expect(orientationTag(400, 600)).toBe('vertical');
    expect(orientationTag(512, 512)).toBe('square');
    expect(orientationTag(1000, 980)).toBe('square');
  });
});

describe('nsfwVerdict', () => {
  const predictions = (porn: number, hentai: number, sexy: number) => [
    { className: 'Porn', probability: porn },
    { className: 'Hentai', probability: hentai },
    { className: 'Sexy', probability: sexy },
    { className: 'Neutral', probability: Math.max(0, 1 - porn - hentai - sexy) },
  ];

  it('flags Porn + Hentai above the threshold', () => {
    expect(nsfwVerdict(predictions(0.4, 0.3, 0))).toEqual({ isNsfw: true, nsfwScore: 0.7 });
  });

  it('does not flag a safe photo', () => {
    expect(nsfwVerdict(predictions(0.01, 0.01, 0.05))).toEqual({ isNsfw: false, nsfwScore: 0.02 });
  });

  it('counts Sexy only above its own, higher threshold', () => {
    expect(nsfwVerdict(predictions(0, 0, 0.8)).isNsfw).toBe(false);
    expect(nsfwVerdict(predictions(0.05, 0, 0.9))).toEqual({ isNsfw: true, nsfwScore: 0.95 });
  });
});

describe('normaliseTags', () => {
  it('lower-cases, trims, de-duplicates, drops empty or over-long tags and caps the count', () => {
    const many = Array.from({ length: 30 }, (_, i) => `tag${i}`);
    expect(normaliseTags([' Cat ', 'cat', '', 'x'.repeat(41), 'hot  dog'])).toEqual(['cat', 'hot dog']);
    expect(normaliseTags(many)).toHaveLength(RECOGNITION_THRESHOLDS.maxTags);
  });
});

describe('buildRecognitionResult', () => {
  it('puts objects first, then orientation and colour', () => {
    const result = buildRecognitionResult({
      facts: brownLandscape,
      detections: [{ label: 'cat', score: 0.93 }, { label: 'cell phone', score: 0.7 }, { label: 'boat', score: 0.2 }],
      nsfw: [{ className: 'Neutral', probability: 0.99 }],
    });
    expect(result).toEqual({
      tags: ['cat', 'phone', 'horizontal', 'brown'],
      objects: [{ label: 'cat', score: 0.93 }, { label: 'cell phone', score: 0.7 }],
      isNsfw: false,
      nsfwScore: 0,
    });
  });

  it('gives only the model-free extras without model output', () => {
    expect(buildRecognitionResult({ facts: brownLandscape })).toEqual({
      tags: ['horizontal', 'brown'],
      objects: [],
      isNsfw: false,
      nsfwScore: 0,
    });
  });
});
