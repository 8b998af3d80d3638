import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { AppDeps } from '../../server/app';
import type { Config } from '../../server/config';
import { lateTestApp, startFixtureApp, type FixtureArgs, type TestApp, type TestAppOptions } from './test-app';
import { newMember } from './test-client';
import { photo, PHOTOS } from './upload';

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

/** The folder of a file's screenshots, test-results/<name>, for a human to look at. */
export function shotsDir(name: string): string {
  return path.resolve(import.meta.dirname, '../../test-results', name);
}

/** Screenshots of a page into `dir` as `<name>.png`, each once the page has settled for `settleMs` (the whole page unless `fullPage` is false). */
export function shooter(dir: string, { settleMs = 300, fullPage = true } = {}): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    await page.waitForTimeout(settleMs);
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
  };
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

export type ContextOptions = {
  width?: number;
  height?: number;
  /** The device's colour scheme; `theme` also stores the choice, as after a pick in the menu. */
  colorScheme?: 'light' | 'dark';
  theme?: 'light' | 'dark';
  acceptDownloads?: boolean;
};

export type BrowserApp = Omit<TestApp, 'close'> & {
  browser: Browser;
  /** A new browser context (1280×900, light unless told), closed with the fixture. */
  context(options?: ContextOptions): Promise<BrowserContext>;
  /** A page in a new context. */
  page(options?: ContextOptions): Promise<Page>;
  /** A member signed up inside a new page's cookie jar (the page is signed in). */
  member(options?: ContextOptions & { as?: Partial<Record<string, string>> }): Promise<SignedInMember>;
  /** Uploads a photo of tests/fixtures/photos as the page's member (public unless `fields` says); answers its id. */
  upload(page: Page, photo: string, fields?: Record<string, string>): Promise<number>;
};

export type SignedInMember = { page: Page; id: number; member: ReturnType<typeof newMember> };

export { PHOTOS };

/**
 * The e2e fixture: registers beforeAll/afterAll hooks that start the app (the built client, on
 * its own database; `env`, `patch` and `deps` as for startTestApp, or options as for useTestApp)
 * and Chromium once for the file, and close every context, the browser and the app afterwards.
 * Use its members inside tests and hooks, never at the top of the file: they exist once
 * beforeAll has run.
 */
export function useBrowserApp(env?: Record<string, string>, patch?: Partial<Config>, deps?: Partial<Omit<AppDeps, 'config'>>): BrowserApp;
export function useBrowserApp(options: () => TestAppOptions | Promise<TestAppOptions>): BrowserApp;
export function useBrowserApp(...args: FixtureArgs): BrowserApp {
  let started: Awaited<ReturnType<typeof startFixtureApp>> | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // Each kept as it starts, so afterAll closes whichever did when the other failed.
    await Promise.all([startFixtureApp(args).then((s) => (started = s)), launchBrowser().then((b) => (browser = b))]);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await started?.app.close();
    await started?.cleanup?.();
  });

  const own: Omit<BrowserApp, keyof TestApp> = {
    get browser() {
      if (!browser) throw new Error('useBrowserApp: the browser starts in beforeAll; use it inside a test or hook');
      return browser;
    },
    async context(options = {}) {
      const context = await fixture.browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
        colorScheme: options.colorScheme ?? options.theme ?? 'light',
        acceptDownloads: options.acceptDownloads,
      });
      if (options.theme) await context.addInitScript((value) => window.localStorage.setItem('kaleido-theme', value), options.theme);
      contexts.push(context);
      return context;
    },
    async page(options) {
      return (await fixture.context(options)).newPage();
    },
    async member(options = {}) {
      const page = await fixture.page(options);
      const member = newMember(options.as);
      const id = await signUpInBrowser(page, fixture.url, member);
      return { page, id, member };
    },
    async upload(page, name, fields = {}) {
      const res = await page.request.post(`${fixture.url}/api/files`, {
        headers: { Origin: fixture.url },
        multipart: { isPublic: 'true', ...fields, file: { name, mimeType: 'image/jpeg', buffer: await photo(name) } },
      });
      if (res.status() !== 201) throw new Error(`upload of ${name} failed: ${res.status()} ${await res.text()}`);
      return ((await res.json()) as { id: number }).id;
    },
  };
  const fixture = Object.defineProperties(own, appGetters(lateTestApp(() => started?.app))) as BrowserApp;
  return fixture;
}

/** The app's members (getters, read when used), but `close`: the fixture closes the app itself. */
function appGetters(t: TestApp): PropertyDescriptorMap {
  const { close: _close, ...rest } = Object.getOwnPropertyDescriptors(t);
  return rest;
}
