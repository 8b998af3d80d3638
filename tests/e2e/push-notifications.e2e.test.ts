import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import path from 'node:path';
import { shotsDir, useBrowserApp } from '../helpers/browser';
import { startPushService, type PushServiceDouble } from '../helpers/push-service';

// Push in the browser (docs/decisions/035): Settings → Notifications lists the member's devices
// with Remove and chooses the kinds pushed; the service worker shows a push (delivered through
// Chromium's DevTools protocol, as a push service would) only when no Kaleido tab is in view.

let service: PushServiceDouble;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service?.close());

const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000', PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' });
const SHOTS = shotsDir('push-notifications');

async function addDevice(page: Page, userAgent: string): Promise<string> {
  const { subscription } = service.device();
  const res = await page.request.post(`${t.url}/api/push/subscriptions`, { data: subscription, headers: { origin: t.url, 'user-agent': userAgent } });
  expect(res.status()).toBe(201);
  return subscription.endpoint;
}

describe('push notifications in the browser', () => {
  it('lists the member\'s devices with Remove, and saves the kinds pushed', async () => {
    for (const [width, theme] of [[390, 'light'], [1280, 'dark']] as const) {
      const { page } = await t.member({ width, theme });
      await addDevice(page, 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36');
      await addDevice(page, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15');
      await page.goto(`${t.url}/settings#notifications`);
      const devices = page.getByTestId('push-device');
      await expect.poll(() => devices.count()).toBe(2);
      expect(await devices.allInnerTexts()).toEqual([expect.stringContaining('Safari on macOS'), expect.stringContaining('Chrome on Android')]);
      await page.locator('#notifications').screenshot({ path: path.join(SHOTS, `settings-notifications-${width}-${theme}.png`) });
      if (theme === 'dark') continue;

      await page.getByRole('checkbox', { name: 'Likes' }).click();
      await expect.poll(async () => (await (await page.request.get(`${t.url}/api/user/preferences`)).json()).pushKinds).not.toContain('like');
      expect((await (await page.request.get(`${t.url}/api/user/preferences`)).json()).pushKinds).toContain('message');

      await page.getByRole('button', { name: 'Remove Chrome on Android' }).click();
      await expect.poll(() => devices.count()).toBe(1);
      const left = (await (await page.request.get(`${t.url}/api/push/subscriptions`)).json()).devices as Array<{ device: string }>;
      expect(left.map((d) => d.device)).toEqual(['Safari on macOS']);
    }
  });

  it('shows a push only while no Kaleido tab is in view', async () => {
    const context = await t.context({ width: 390 });
    await context.grantPermissions(['notifications'], { origin: t.url });
    const page = await context.newPage();
    await page.goto(`${t.url}/`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> }) => registrations.push(...e.registrations.filter((r) => !r.isDeleted)));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => r.scopeURL === `${t.url}/`)).toBe(true);
    const registrationId = registrations.find((r) => r.scopeURL === `${t.url}/`)!.registrationId;
    const deliver = (payload: object) => cdp.send('ServiceWorker.deliverPushMessage', { origin: t.url, registrationId, data: JSON.stringify(payload) });
    const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url })));

    await deliver({ kind: 'like', title: 'New like', body: 'Ana liked your file "Lawn"', url: '/file/1', tag: 'like:1' });
    await page.waitForTimeout(500);
    expect(await shown()).toEqual([]);

    // No Kaleido tab in view: the push is shown.
    await page.goto('about:blank');
    await deliver({ kind: 'comment', title: 'New comment', body: 'Bo commented on your file "Lawn"', url: '/file/1', tag: 'n:7' });
    await page.waitForTimeout(500);
    await page.goto(`${t.url}/about`);
    await expect.poll(shown).toEqual([{ title: 'New comment', body: 'Bo commented on your file "Lawn"', tag: 'n:7', url: '/file/1' }]);
  });
});
