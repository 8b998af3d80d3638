import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPdfPreview } from './pdf';
import * as samples from '../../tests/helpers/media-samples';

let dir: samples.TempDir;
beforeAll(async () => {
  dir = await samples.tempDir();
});
afterAll(() => dir.cleanup());

describe('renderPdfPreview', () => {
  it('renders the first page as a WebP with the page proportions', async () => {
    const file = await dir.file('page.pdf', await samples.pdf());
    const preview = await renderPdfPreview(file);
    expect({ width: preview.pageWidth, height: preview.pageHeight }).toEqual({ width: 595, height: 842 });
    const meta = await sharp(preview.image.webp).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.height).toBe(1600);
    expect(meta.width! / meta.height!).toBeCloseTo(595 / 842, 2);
    expect(await sharp(preview.image.thumbnail).metadata()).toMatchObject({ format: 'webp', width: 400 });

    // Really drawn: the red rectangle near the bottom left, white paper elsewhere.
    const { data, info } = await sharp(preview.image.webp).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [r, g, b] = pixel(Math.round(info.width * 0.3), Math.round(info.height * 0.8));
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(80);
    expect(pixel(info.width - 5, 5).every((channel) => channel > 240)).toBe(true);
    // Text in a standard font was drawn: the title row has dark pixels.
    const titleRow = Math.round(info.height * ((842 - 770) / 842));
    const row = Array.from({ length: Math.round(info.width * 0.6) }, (_, x) => pixel(x, titleRow)[0]);
    expect(Math.min(...row)).toBeLessThan(100);
  });

  it('rejects a broken PDF without crashing the process', async () => {
    const file = await dir.file('broken.pdf', Buffer.from('%PDF-1.7\n1 0 obj <<>> garbage'));
    await expect(renderPdfPreview(file)).rejects.toThrow(/PDF preview failed/);
  });
});
