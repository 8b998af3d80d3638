import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatMb, relativeAge } from './format';

describe('formatMb', () => {
  it('shows MB with two decimals', () => {
    expect(formatMb(0)).toBe('0.00 MB');
    expect(formatMb(1024 * 1024)).toBe('1.00 MB');
    expect(formatMb(10 * 1024 * 1024)).toBe('10.00 MB');
    expect(formatMb(1_500_000)).toBe('1.43 MB');
  });
  it('never calls a file that has bytes 0.00 MB', () => {
    expect(formatMb(625)).toBe('< 0.01 MB');
    expect(formatMb(5243)).toBe('0.01 MB');
  });
});

describe('formatBytes', () => {
  it('picks Bytes, KB, MB or GB', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.25 GB');
  });
  it('stays in GB beyond it', () => {
    expect(formatBytes(2048 * 1024 ** 3)).toBe('2048 GB');
  });
});

describe('relativeAge', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it("says 'just now' under a minute, then minutes, hours and days", () => {
    expect(relativeAge(ago(59_000), now)).toBe('just now');
    expect(relativeAge(ago(5 * 60_000), now)).toBe('5m ago');
    expect(relativeAge(ago(3 * 3_600_000), now)).toBe('3h ago');
    expect(relativeAge(ago(26 * 3_600_000), now)).toBe('1d ago');
  });
  it('treats a date in the future as now', () => {
    expect(relativeAge(ago(-5000), now)).toBe('just now');
  });
});

describe('formatDuration', () => {
  it('formats m:ss and h:mm:ss', () => {
    expect(formatDuration(3)).toBe('0:03');
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
});
