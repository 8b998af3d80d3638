import { RECOGNITION_THRESHOLDS } from './thresholds.ts';

// Dominant colour → a plain colour word people search for. The palette is small on purpose:
// 'teal' or 'maroon' would be precise but nobody types them into the search box.
export type Rgb = { r: number; g: number; b: number };

export const COLOUR_NAMES = [
  'black', 'white', 'grey', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink', 'brown', 'beige',
] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];

/** Hue in degrees (0–360), saturation and value (0–1). */
export function rgbToHsv({ r, g, b }: Rgb): { h: number; s: number; v: number } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  let h = 0;
  if (delta > 0) {
    if (max === r) h = ((g - b) / delta) % 6;
    else if (max === g) h = (b - r) / delta + 2;
    else h = (r - g) / delta + 4;
  }
  return { h: (h * 60 + 360) % 360, s: max === 0 ? 0 : delta / max, v: max / 255 };
}

// Hue sectors, by the upper bound of each (degrees). Named by hue rather than by distance to
// a few RGB points: in RGB or CIELAB distance a navy night sky lands on 'black' and sky blue
// on 'beige', which is not what anyone would call them.
const HUE_SECTORS: ReadonlyArray<{ below: number; name: ColourName }> = [
  { below: 15, name: 'red' },
  { below: 45, name: 'orange' },
  { below: 70, name: 'yellow' },
  { below: 170, name: 'green' },
  { below: 260, name: 'blue' },
  { below: 315, name: 'purple' },
  { below: 345, name: 'pink' },
  { below: 360, name: 'red' },
];

/** The palette name for `rgb`: neutrals by brightness, the rest by hue sector. */
export function nearestColourName(rgb: Rgb): ColourName {
  const { h, s, v } = rgbToHsv(rgb);
  const { blackValue, whiteValue, neutralSaturation } = RECOGNITION_THRESHOLDS.colour;
  if (v < blackValue) return 'black';
  if (s < neutralSaturation) {
    if (v > whiteValue) return 'white';
    return v < 0.3 ? 'black' : 'grey';
  }
  const hue = HUE_SECTORS.find((sector) => h < sector.below)?.name ?? 'red';
  // Dark oranges and yellows are what people call brown (wood, fur, coffee); pale ones beige.
  if (hue === 'orange' || hue === 'yellow') {
    if (v < 0.65) return 'brown';
    if (s < 0.45) return 'beige';
  }
  // A pale red is pink.
  if (hue === 'red' && s < 0.45 && v > 0.7) return 'pink';
  return hue;
}
