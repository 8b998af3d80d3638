import { describe, expect, it } from 'vitest';
import { describeUserAgent, deviceName } from './user-agent';

const agents = {
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  headlessChromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};

describe('describeUserAgent', () => {
  it('names the browser and the system of the common agents, Edge and Safari not taken for Chrome', () => {
    expect(describeUserAgent(agents.chromeMac)).toEqual({ browser: 'Chrome', system: 'macOS' });
    expect(describeUserAgent(agents.edgeWindows)).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(describeUserAgent(agents.safariIphone)).toEqual({ browser: 'Safari', system: 'iPhone' });
    expect(describeUserAgent(agents.firefoxLinux)).toEqual({ browser: 'Firefox', system: 'Linux' });
    expect(describeUserAgent(agents.chromeAndroid)).toEqual({ browser: 'Chrome', system: 'Android' });
  });

  it('names nothing it does not know, and a device from what it knows', () => {
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null });
    expect(describeUserAgent(null)).toEqual({ browser: null, system: null });
    expect(deviceName(agents.chromeMac)).toBe('Chrome on macOS');
    expect(deviceName(agents.headlessChromium)).toBe('Chrome on Linux');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) Unknown/1.0')).toBe('A browser on Linux');
    expect(deviceName('curl/8.5.0')).toBe('Unknown device');
  });
});
