import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shooter, shotsDir, useBrowserApp, waitForToast } from '../helpers/browser';

// Direct messages on /notifications: a profile's Message button opens the thread,
// Enter sends, Shift+Enter breaks the line, the other member reads and answers, and the
// New Message dialog searches from 3 characters.

const SHOTS = shotsDir('messages');

const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });

const shot = shooter(SHOTS, { fullPage: false });

/**
 * Waits for the messages panel of /notifications. On a narrow screen the page shows
 * Notifications and Messages as tabs: the Messages tab is chosen when the thread did not open
 * it already. With a thread open on a narrow panel the list (and its heading) is hidden, so
 * the heading is awaited in the page, not on screen.
 */
async function openMessages(page: Page): Promise<void> {
  await page.locator('#messages-heading, [role="tab"]:has-text("Messages")').first().waitFor({ state: 'attached' });
  const tab = page.getByRole('tab', { name: /Messages/ });
  if ((await tab.count()) > 0 && (await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await page.locator('#messages-heading').waitFor({ state: 'attached' });
}

function thread(page: Page) {
  return page.getByRole('list', { name: 'Messages' });
}

describe('messages', () => {
  it('opens a thread from a profile, sends with Enter, and the other member reads and answers', async () => {
    const suffix = Date.now().toString(36).slice(-5);
    const { page: anaPage, id: anaId } = await t.member({ as: { username: `ana_${suffix}`, firstName: 'Ana', lastName: 'Lima' } });
    const { page: benPage, id: benId } = await t.member({ width: 1280, colorScheme: 'dark', as: { username: `ben_${suffix}`, firstName: 'Ben', lastName: 'Stone' } });

    await anaPage.goto(`${t.url}/profile/${benId}`);
    await anaPage.getByRole('link', { name: 'Message', exact: true }).click();
    await anaPage.waitForURL(`**/notifications?user=${benId}`);
    await openMessages(anaPage);

    await anaPage.getByText('No messages yet. Start a conversation!').waitFor();
    const box = anaPage.getByRole('textbox', { name: 'Message' });
    const sendButton = anaPage.getByRole('button', { name: 'Send message' });
    expect(await sendButton.isDisabled()).toBe(true);
    await box.fill('   ');
    expect(await sendButton.isDisabled()).toBe(true);
    await box.fill('');
    await box.pressSequentially('Hello Ben');
    await box.press('Shift+Enter');
    await box.pressSequentially('are you free on Sunday?  ');
    await box.press('Enter');
    await thread(anaPage).getByText('are you free on Sunday?').waitFor();
    expect(await thread(anaPage).locator('li[data-own="true"] p').first().innerText()).toBe('Hello Ben\nare you free on Sunday?');
    expect(await box.inputValue()).toBe('');
    // The list (beside the thread, or behind it in a narrow column) now holds the conversation.
    await expect.poll(() => anaPage.getByRole('list', { name: 'Conversations', includeHidden: true }).textContent()).toContain('You: Hello Ben are you free on Sunday?');
    await shot(anaPage, 'thread-desktop-light');

    // Ben sees the conversation with one unread message, opens it, and answers.
    await benPage.goto(`${t.url}/notifications`);
    await benPage.getByText('Select a conversation').waitFor();
    const row = benPage.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Ana Lima/ });
    await expect.poll(() => row.textContent()).toContain('Unread: 1');
    await shot(benPage, 'list-desktop-dark');
    await row.click();
    await thread(benPage).locator('li[data-own="false"]').getByText('Hello Ben').waitFor();
    await expect.poll(() => row.textContent()).not.toContain('Unread:');
    await benPage.getByRole('textbox', { name: 'Message' }).fill('Sunday works!');
    await benPage.keyboard.press('Enter');
    await thread(benPage).locator('li[data-own="true"]').getByText('Sunday works!').waitFor();

    // Ana's open thread shows the answer without a reload (live stream, or the 5 s poll while it is down).
    await thread(anaPage).locator('li[data-own="false"]').getByText('Sunday works!').waitFor({ timeout: 15_000 });
    expect(anaPage.url()).toContain(`/notifications?user=${benId}`);
    expect(anaId).toBeGreaterThan(0);
  });

  it('New Message searches above 2 characters, sends, toasts and opens the thread; on a phone list and thread take turns', async () => {
    const suffix = Date.now().toString(36).slice(-5);
    const { page } = await t.member({ width: 390, as: { username: `cleo_${suffix}`, firstName: 'Cleo', lastName: 'Park' } });
    await t.member({ as: { username: `dario_${suffix}`, firstName: 'Dario', lastName: 'Reyes' } });

    await page.goto(`${t.url}/notifications`);
    await openMessages(page);
    await page.getByText('No conversations yet').waitFor();
    await page.getByRole('button', { name: 'New Message' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Message' });
    await dialog.getByRole('textbox', { name: 'Search members' }).fill('da');
    await dialog.getByText('Type at least 3 characters to search.').waitFor();
    await dialog.getByRole('textbox', { name: 'Search members' }).fill(`dario_${suffix}`);
    await dialog.getByRole('button', { name: /Dario Reyes/ }).click();
    await dialog.getByRole('textbox', { name: 'Message' }).fill('  Welcome to Kaleido!  ');
    await shot(page, 'new-message-mobile');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await waitForToast(page, 'Message sent successfully');
    await thread(page).getByText('Welcome to Kaleido!').waitFor();
    // On a phone the thread replaces the list; Back returns to it.
    expect(await page.getByRole('list', { name: 'Conversations' }).isVisible()).toBe(false);
    await shot(page, 'thread-mobile');
    await page.getByRole('button', { name: 'Back to conversations' }).click();
    await page.getByRole('list', { name: 'Conversations' }).getByText('You: Welcome to Kaleido!').waitFor();
  });

  it('loads older messages when the thread is scrolled to the top, each once and in order', async () => {
    const { page, id: eliId } = await t.member({ as: { firstName: 'Eli', lastName: 'Moss' } });
    const { page: friend, id: friendId } = await t.member({ as: { firstName: 'Fay', lastName: 'Hart' } });
    for (let i = 1; i <= 45; i += 1) {
      const res = await friend.request.post(`${t.url}/api/messages`, { data: { recipientId: eliId, content: `note ${i}` }, headers: { origin: t.url } });
      expect(res.status()).toBe(201);
    }

    await page.goto(`${t.url}/notifications?user=${friendId}`);
    await openMessages(page);
    const bubbles = thread(page).locator('li p');
    await thread(page).getByText('note 45', { exact: true }).waitFor();
    expect(await bubbles.count()).toBe(20);
    const box = thread(page).locator('xpath=..');
    await expect
      .poll(async () => {
        await box.evaluate((el) => el.scrollTo({ top: 0 }));
        return bubbles.count();
      })
      .toBe(45);
    expect(await bubbles.allInnerTexts()).toEqual(Array.from({ length: 45 }, (_, i) => `note ${i + 1}`));
  });
});
