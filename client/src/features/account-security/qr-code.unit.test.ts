import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { qrMatrix } from './qr-code';

const OTPAUTH = 'otpauth://totp/Kaleido:ana%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&period=30&issuer=Kaleido';

function finderAt(m: boolean[][], x: number, y: number): boolean {
  for (let dy = 0; dy < 7; dy++) {
    for (let dx = 0; dx < 7; dx++) {
      const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
      if (m[y + dy][x + dx] !== (ring !== 2)) return false;
    }
  }
  return true;
}

describe('qrMatrix', () => {
  it('picks the smallest version that holds the text, with its three finder patterns and timing lines', () => {
    const small = qrMatrix('HELLO');
    expect(small).toHaveLength(21);
    const m = qrMatrix(OTPAUTH);
    // 110 bytes at level M need version 6 (41 modules a side).
    expect(m).toHaveLength(41);
    const size = m.length;
    expect(finderAt(m, 0, 0) && finderAt(m, size - 7, 0) && finderAt(m, 0, size - 7)).toBe(true);
    for (let i = 8; i < size - 8; i++) {
      expect(m[6][i]).toBe(i % 2 === 0);
      expect(m[i][6]).toBe(i % 2 === 0);
    }
    // The dark module beside the lower-left finder.
    expect(m[size - 8][8]).toBe(true);
  });

  it('writes level M in both copies of its format bits', () => {
    const m = qrMatrix(OTPAUTH);
    const size = m.length;
    const first = [0, 1, 2, 3, 4, 5, 7, 8].map((y) => m[y][8]).concat([7, 5, 4, 3, 2, 1, 0].map((x) => m[8][x]));
    const second = Array.from({ length: 8 }, (_, i) => m[8][size - 1 - i]).concat(Array.from({ length: 7 }, (_, i) => m[size - 7 + i][8]));
    expect(first).toEqual(second);
    const bits = first.reduce((acc, dark, i) => acc | (Number(dark) << i), 0) ^ 0x5412;
    // The top two of the five data bits name the level: 00 is M.
    expect(bits >>> 13).toBe(0);
  });

  it('draws the same modules for the same text (checked once against a decoder, zbarimg)', () => {
    const m = qrMatrix(OTPAUTH);
    const digest = createHash('sha256').update(m.map((row) => row.map(Number).join('')).join('\n')).digest('hex');
    expect(digest).toBe('a6750636748184eea20921da30428681e0dd5aff06933e52ee69f77f028700ee');
  });

  it('refuses what no version up to 10 holds', () => {
    expect(() => qrMatrix('x'.repeat(300))).toThrow(/version 10/);
  });
});
