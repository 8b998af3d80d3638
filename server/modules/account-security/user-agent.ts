/**
 * A browser and a system named from a User-Agent header, for the devices list and the new
 * sign-in mail. Only the common ones: an unknown agent names nothing rather than guessing.
 * Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", iPadOS says "Mac OS X".
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, 'Edge'],
  [/(OPR|Opera)\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/(Firefox|FxiOS)\//, 'Firefox'],
  [/(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function describeUserAgent(ua: string | null | undefined): { browser: string | null; system: string | null } {
  if (!ua) return { browser: null, system: null };
  return {
    browser: BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null,
    system: SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null,
  };
}

/** "Chrome on macOS", "Firefox", "A browser on Linux", or "Unknown device". */
export function deviceName(ua: string | null | undefined): string {
  const { browser, system } = describeUserAgent(ua);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return 'Unknown device';
}
