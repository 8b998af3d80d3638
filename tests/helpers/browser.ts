import { chromium, type Browser, type Page } from 'playwright-core';

// Debian's Chromium, never a downloaded browser; the flags keep it off this machine's closed network.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Text of the toast on screen (only one is visible at a time). */
export async function toastText(page: Page): Promise<string> {
  const toast = page.locator('[data-testid="toast"]').last();
  await toast.waitFor({ state: 'visible', timeout: 10_000 });
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

/** Waits until a toast on screen holds `text`: an earlier toast may still be leaving. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('[data-testid="toast"]').filter({ hasText: text });
  await toast.first().waitFor({ state: 'visible', timeout: 15_000 });
}

/** A member created through the API inside the page's own cookie jar, as the Playwright login fixture of Epic Stack does. */
export async function signUpInBrowser(page: Page, baseUrl: string, member: Record<string, string>): Promise<number> {
  const res = await page.request.post(`${baseUrl}/api/register`, { data: member, headers: { origin: baseUrl } });
  if (res.status() !== 201) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}
