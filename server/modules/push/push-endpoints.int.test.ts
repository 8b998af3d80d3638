import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signedUp } from '../../../tests/helpers/test-client';

// A member-supplied push endpoint is a request the server makes (docs/decisions/035): without
// PUSH_ALLOW_PRIVATE_ENDPOINTS it must be https on a public address, checked after DNS.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };

describe('push endpoints', () => {
  it('refuses loopback, private, link-local and plain-http endpoints with 400, storing nothing', async () => {
    const m = await signedUp(t);
    for (const endpoint of [
      'https://127.0.0.1/push/1',
      'https://10.1.2.3/push',
      'https://192.168.1.20:8443/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://localhost/push',
      'http://fcm.googleapis.com/fcm/send/abc',
    ]) {
      const res = await m.client.post('/api/push/subscriptions', { endpoint, keys });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.message, endpoint).toBe('The push endpoint must be an https URL on a public address');
    }
    expect((await m.client.get('/api/push/subscriptions')).body.devices).toEqual([]);
  });

  it('refuses a subscription without its keys', async () => {
    const m = await signedUp(t);
    expect((await m.client.post('/api/push/subscriptions', { endpoint: 'https://push.example.net/x', keys: { p256dh: 'not base64!' } })).status).toBe(400);
    expect((await m.client.get('/api/push/subscriptions')).body.devices).toEqual([]);
  });
});
