import { describe, expect, it } from 'vitest';
import { nearestColourName, rgbToHsv } from './colour-names.ts';

describe('nearestColourName', () => {
  it.each([
    [{ r: 8, g: 8, b: 8 }, 'black'],
    [{ r: 24, g: 8, b: 8 }, 'black'],
    [{ r: 128, g: 128, b: 128 }, 'grey'],
    [{ r: 250, g: 250, b: 250 }, 'white'],
    [{ r: 200, g: 30, b: 30 }, 'red'],
    [{ r: 255, g: 165, b: 0 }, 'orange'],
    [{ r: 250, g: 200, b: 0 }, 'yellow'],
    [{ r: 30, g: 160, b: 40 }, 'green'],
    [{ r: 0, g: 0, b: 255 }, 'blue'],
    [{ r: 128, g: 0, b: 128 }, 'purple'],
    [{ r: 255, g: 192, b: 203 }, 'pink'],
    [{ r: 210, g: 180, b: 140 }, 'beige'],
  ] as const)('names %o %s', (rgb, name) => {
    expect(nearestColourName(rgb)).toBe(name);
  });

  // Dominant colours of the fixture photos, as sharp's stats() reports them.
  it('names a navy night sky blue, not black', () => {
    expect(nearestColourName({ r: 8, g: 40, b: 72 })).toBe('blue');
  });

  it('names sky blue blue, not beige', () => {
    expect(nearestColourName({ r: 135, g: 206, b: 235 })).toBe('blue');
  });

  it('names tabby fur and wood brown', () => {
    expect(nearestColourName({ r: 152, g: 120, b: 88 })).toBe('brown');
    expect(nearestColourName({ r: 60, g: 40, b: 20 })).toBe('brown');
  });
});

describe('rgbToHsv', () => {
  it('gives hue in degrees and saturation and value in 0–1', () => {
    expect(rgbToHsv({ r: 0, g: 255, b: 0 })).toEqual({ h: 120, s: 1, v: 1 });
    expect(rgbToHsv({ r: 0, g: 0, b: 0 })).toEqual({ h: 0, s: 0, v: 0 });
  });
});
