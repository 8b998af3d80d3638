import { describe, expect, it } from 'vitest';
import { checkEndpoint, isPrivateAddress } from './endpoint-guard';
import { deviceName } from './push.service';

describe('push endpoints a member may give', () => {
  it('tells private, loopback, link-local and reserved addresses from public ones', () => {
    for (const a of ['127.0.0.1', '10.0.0.8', '172.20.1.1', '192.168.0.10', '169.254.169.254', '100.64.1.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fd12:3456::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1', 'not an address']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['142.250.180.10', '17.57.144.10', '2a00:1450:4001:82b::200a', '::ffff:142.250.180.10']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('wants https on a public address unless private endpoints are allowed (tests)', async () => {
    await expect(checkEndpoint('https://142.250.180.10/fcm/send/x', false)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpoint('http://142.250.180.10/fcm/send/x', false)).rejects.toThrow('not https');
    await expect(checkEndpoint('https://user:pw@142.250.180.10/x', false)).rejects.toThrow('credentials');
    await expect(checkEndpoint('https://[::1]:8443/x', false)).rejects.toThrow('private');
    await expect(checkEndpoint('http://127.0.0.1:9000/push/1', true)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpoint('ftp://127.0.0.1/x', true)).rejects.toThrow('not https');
  });

  it('names the device from its browser', () => {
    expect(deviceName('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on Windows');
    expect(deviceName(undefined)).toBe('A browser');
  });
});
