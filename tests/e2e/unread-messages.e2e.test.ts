import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shooter, shotsDir, useBrowserApp } from '../helpers/browser';

// A member on any screen learns a message arrived. The header's messages icon gets a
// badge live, as the bell does; on a phone the Messages tab too; opening the thread clears it;
// a member who hides counters sees none.

const SHOTS = shotsDir('unread-messages');
const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });

async function member(width: number, first: string, colorScheme: 'light' | 'dark' = 'light'): Promise<{ page: Page; id: number }> {
  const { page, id } = await t.member({ width, height: 860, colorScheme, as: { firstName: first, lastName: 'Tester' } });
  return { page, id };
}

const shot = shooter(SHOTS);

const send = (from: Page, recipientId: number, content: string) => from.request.post(`${t.url}/api/messages`, { data: { recipientId, content }, headers: { origin: t.url } });

describe('unread direct messages', () => {
  it('badge the header live on the home feed and the phone\'s Messages tab, and clear when read', async () => {
    const a = await member(1280, 'Anouk');
    const b = await member(390, 'Bram', 'dark');
    await a.page.goto(`${t.url}/`);
    await a.page.getByRole('link', { name: 'Messages', exact: true }).waitFor();
    expect(await a.page.getByTestId('messages-badge').count()).toBe(0);

    // B writes while A is on the home feed: A's header shows it without a reload.
    expect((await send(b.page, a.id, 'Did you see the new prints?')).status()).toBe(201);
    await expect.poll(() => a.page.getByTestId('messages-badge').textContent(), { timeout: 10_000 }).toBe('1');
    await a.page.getByRole('link', { name: 'Messages, 1 unread' }).waitFor();
    await shot(a.page, 'home-badge-light');

    // On a phone, the Messages tab carries the count as well.
    expect((await send(a.page, b.id, 'Yes! Coffee later?')).status()).toBe(201);
    await b.page.goto(`${t.url}/notifications`);
    await expect.poll(() => b.page.getByTestId('messages-tab-badge').textContent(), { timeout: 10_000 }).toBe('1');
    await expect.poll(() => b.page.getByTestId('messages-badge').textContent()).toBe('1');
    await shot(b.page, 'notifications-tab-badge-dark-390');

    // A opens the thread from the header icon: the badge goes.
    await a.page.getByRole('link', { name: 'Messages, 1 unread' }).click();
    await a.page.waitForURL(`${t.url}/notifications?tab=messages`);
    await a.page.getByRole('button', { name: /Bram Tester/ }).first().click();
    await a.page.getByText('Did you see the new prints?').waitFor();
    await expect.poll(() => a.page.getByTestId('messages-badge').count(), { timeout: 10_000 }).toBe(0);

    // Hiding counters hides this badge too.
    await a.page.request.put(`${t.url}/api/user/preferences`, { data: { hideNotificationCounter: true }, headers: { origin: t.url } });
    await a.page.goto(`${t.url}/`);
    await a.page.getByRole('link', { name: 'Messages', exact: true }).waitFor();
    expect((await send(b.page, a.id, 'See you at four')).status()).toBe(201);
    await a.page.getByRole('link', { name: 'Messages, 1 unread' }).waitFor({ timeout: 10_000 });
    expect(await a.page.getByTestId('messages-badge').count()).toBe(0);
  }, 120_000);
});
