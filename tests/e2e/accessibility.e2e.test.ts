import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { files } from '../../server/db/schema';
import { shotsDir, signUpInBrowser, useBrowserApp } from '../helpers/browser';
import { newMember } from '../helpers/test-client';

const SHOTS = shotsDir('accessibility');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const PHONE_WIDTH = 360;

type Theme = 'light' | 'dark';
type Screen = { name: string; open: (page: Page) => Promise<void> };
type Finding = { screen: string; rule: string; impact: string; help: string; targets: string[] };

const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });

/** A context in the given theme: the device setting and the stored choice agree, as after a pick in the menu. */
function themedContext(theme: Theme, width = 1280): Promise<BrowserContext> {
  return t.context({ width, theme });
}

const upload = (page: Page, photo: string, name: string) => t.upload(page, photo, { name, description: `A photo called ${name}`, tags: 'e2e, photo' });

/** Signs a member up in the context and gives them three photos, the first flagged NSFW so the guard is audited too. */
async function memberWithFiles(page: Page): Promise<number[]> {
  await signUpInBrowser(page, t.url, newMember({ firstName: 'Ada', lastName: 'Audit' }));
  const ids = [await upload(page, 'grass.jpg', 'Grass'), await upload(page, 'chelsea-cat.jpg', 'Chelsea'), await upload(page, 'coffee-cup.jpg', 'Coffee')];
  await t.database.db.update(files).set({ isNsfw: true }).where(eq(files.id, ids[0]));
  return ids;
}

/** Lets entrance animations and lazy images settle so colours are measured at rest. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(600);
}

const visitorScreens: Screen[] = [
  { name: 'landing', open: async (page) => { await page.goto(t.url); await page.getByRole('link', { name: 'Get Started' }).waitFor(); } },
  { name: 'auth login', open: async (page) => { await page.goto(`${t.url}/auth?tab=login`); await page.getByRole('tab', { name: 'Login', selected: true }).waitFor(); } },
  { name: 'auth sign up', open: async (page) => { await page.goto(`${t.url}/auth?tab=register`); await page.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor(); } },
  { name: 'reset password', open: async (page) => { await page.goto(`${t.url}/reset-password`); await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor(); } },
  { name: 'about', open: async (page) => { await page.goto(`${t.url}/about`); await page.getByRole('link', { name: 'Create Your Account' }).waitFor(); } },
  { name: 'contact', open: async (page) => { await page.goto(`${t.url}/contact`); await page.getByPlaceholder('Please describe your inquiry in detail...').waitFor(); } },
  { name: 'policy', open: async (page) => { await page.goto(`${t.url}/policy`); await page.getByRole('link', { name: 'Contact Us' }).waitFor(); } },
];

function memberScreens(ids: number[]): Screen[] {
  return [
    {
      name: 'home feed',
      open: async (page) => {
        await page.goto(t.url);
        for (const id of ids) await page.locator(`[data-testid="file-card"][data-file-id="${id}"]`).waitFor();
      },
    },
    {
      name: 'upload dialog',
      open: async (page) => {
        await page.goto(t.url);
        await page.getByRole('button', { name: 'Upload files' }).click();
        await page.getByRole('dialog', { name: 'Upload Files' }).getByText('Drag & drop files here or click to browse').waitFor();
      },
    },
    {
      name: 'file detail dialog',
      open: async (page) => {
        await page.goto(t.url);
        await page.locator(`[data-testid="file-card"][data-file-id="${ids[1]}"]`).click();
        await page.getByRole('dialog', { name: 'Chelsea' }).getByText('Saved to (0)').waitFor();
      },
    },
    { name: 'file page', open: async (page) => { await page.goto(`${t.url}/file/${ids[2]}`); await page.getByRole('heading', { name: 'Coffee' }).waitFor(); } },
    { name: 'file page nsfw', open: async (page) => { await page.goto(`${t.url}/file/${ids[0]}`); await page.getByRole('heading', { name: 'Grass' }).waitFor(); } },
    { name: 'settings', open: async (page) => { await page.goto(`${t.url}/settings`); await page.getByRole('button', { name: 'Update Profile' }).waitFor(); } },
    { name: 'profile', open: async (page) => { await page.goto(`${t.url}/profile`); await page.getByTestId('profile-stats').waitFor(); await page.getByTestId('file-card').first().waitFor(); } },
    {
      name: 'followers dialog',
      open: async (page) => {
        await page.goto(`${t.url}/profile`);
        await page.getByTestId('profile-stats').getByRole('button', { name: /Followers/ }).click();
        await page.getByRole('dialog', { name: 'Followers' }).getByText('No followers yet').waitFor();
      },
    },
    { name: 'search', open: async (page) => { await page.goto(`${t.url}/search?q=coffee`); await page.getByRole('heading', { name: /^Search \| Coffee \| \d+ results?$/ }).waitFor(); } },
    { name: 'explore', open: async (page) => { await page.goto(`${t.url}/search`); await page.getByRole('heading', { name: 'Explore' }).waitFor(); await page.getByTestId('file-card').first().waitFor(); } },
    { name: 'notifications', open: async (page) => { await page.goto(`${t.url}/notifications`); await page.getByText("You're all caught up!").waitFor(); } },
  ];
}

/** The folder screens (decision 010), audited in their own tests so each stays within the time limit. */
function folderScreens(ids: number[]): Screen[] {
  return [
    {
      name: 'create folder dialog',
      open: async (page) => {
        await page.goto(t.url);
        await page.getByRole('button', { name: 'Account menu' }).click();
        await page.getByRole('menuitem', { name: 'Create new folder' }).click();
        await page.getByRole('dialog', { name: 'Create New Folder' }).waitFor();
      },
    },
    {
      name: 'save to folder dialog',
      open: async (page) => {
        await folderWithFiles(page, ids.slice(1));
        await page.goto(t.url);
        const card = page.locator(`[data-testid="file-card"][data-file-id="${ids[1]}"]`);
        await card.hover();
        await card.getByRole('button', { name: 'Save Chelsea to a folder' }).click();
        await page.getByRole('dialog', { name: 'Save to Folder' }).getByRole('list', { name: 'Your folders' }).waitFor();
      },
    },
    {
      name: 'folder page',
      open: async (page) => {
        await page.goto(`${t.url}/folder/${await folderWithFiles(page, ids.slice(1))}`);
        await page.getByTestId('file-card').nth(1).waitFor();
      },
    },
    {
      name: 'collaborate dialog',
      open: async (page) => {
        await page.goto(`${t.url}/folder/${await folderWithFiles(page, ids.slice(1))}`);
        await page.getByRole('button', { name: 'Actions', exact: true }).click();
        await page.getByRole('menuitem', { name: 'Collaborate' }).click();
        await page.getByRole('dialog', { name: 'Collaborate' }).getByRole('button', { name: 'Create Invite Link' }).click();
        await page.getByTestId('invite-link').waitFor();
      },
    },
    {
      name: 'invite page',
      open: async (page) => {
        const folderId = await folderWithFiles(page, []);
        const res = await page.request.post(`${t.url}/api/folders/${folderId}/invites`, { data: { role: 'EDITOR' }, headers: { Origin: t.url } });
        expect(res.status()).toBe(201);
        await page.goto(`${t.url}/invite/${((await res.json()) as { token: string }).token}`);
        await page.getByRole('button', { name: 'Accept Invitation' }).waitFor();
      },
    },
  ];
}

/** A public folder of the member's holding `fileIds`. */
async function folderWithFiles(page: Page, fileIds: number[]): Promise<number> {
  const res = await page.request.post(`${t.url}/api/folders`, { data: { name: 'Audit trip', description: 'Folder for the audit', isPublic: true }, headers: { Origin: t.url } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  for (const fileId of fileIds) {
    expect((await page.request.post(`${t.url}/api/folders/${id}/files`, { data: { fileId }, headers: { Origin: t.url } })).status()).toBe(200);
  }
  return id;
}

async function audit(page: Page, screen: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  if (process.env.A11Y_REPORT) {
    const brief = (list: typeof result.violations) => list.map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.any[0]?.message ?? n.failureSummary ?? ''}`) }));
    await appendFile(process.env.A11Y_REPORT, JSON.stringify({ screen, violations: brief(result.violations), incomplete: brief(result.incomplete) }, null, 1) + '\n');
  }
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ screen, rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

async function auditAll(page: Page, screens: Screen[], theme: Theme): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const screen of screens) {
    await screen.open(page);
    await settle(page);
    await page.screenshot({ path: path.join(SHOTS, `${screen.name.replaceAll(' ', '-')}-${theme}-1280.png`) });
    findings.push(...(await audit(page, `${screen.name} (${theme})`)));
  }
  return findings;
}

async function overflowing(page: Page, screens: Screen[], theme: Theme): Promise<string[]> {
  const wide: string[] = [];
  for (const screen of screens) {
    await screen.open(page);
    await settle(page);
    await page.screenshot({ path: path.join(SHOTS, `${screen.name.replaceAll(' ', '-')}-${theme}-${PHONE_WIDTH}.png`), fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > PHONE_WIDTH) wide.push(`${screen.name}: ${width}px`);
  }
  return wide;
}

/** Runs the screens as a visitor, then as a member with files (seeded first, so the landing pictures and the slideshow have content). */
async function eachScreen<T>(theme: Theme, width: number, check: (page: Page, screens: Screen[]) => Promise<T[]>, member: (ids: number[]) => Screen[] = memberScreens, withVisitor = true): Promise<T[]> {
  const memberContext = await themedContext(theme, width);
  const memberPage = await memberContext.newPage();
  const ids = await memberWithFiles(memberPage);
  const found: T[] = [];
  if (withVisitor) {
    const visitor = await themedContext(theme, width);
    found.push(...(await check(await visitor.newPage(), visitorScreens)));
    await visitor.close();
  }
  found.push(...(await check(memberPage, member(ids))));
  await memberContext.close();
  return found;
}

describe.each<Theme>(['light', 'dark'])('accessibility in the %s theme', (theme) => {
  it('has no serious or critical axe violations on the visitor and member screens', async () => {
    expect(await eachScreen(theme, 1280, (page, screens) => auditAll(page, screens, theme))).toEqual([]);
    // Twenty-odd screens, each loaded, settled and audited.
  }, 300_000);

  it(`fits every screen in ${PHONE_WIDTH} px without sideways scrolling`, async () => {
    expect(await eachScreen(theme, PHONE_WIDTH, (page, screens) => overflowing(page, screens, theme))).toEqual([]);
  });
});

describe.each<Theme>(['light', 'dark'])('folder screens in the %s theme', (theme) => {
  it('have no serious or critical axe violations', async () => {
    expect(await eachScreen(theme, 1280, (page, screens) => auditAll(page, screens, theme), folderScreens, false)).toEqual([]);
  });

  it(`fit in ${PHONE_WIDTH} px without sideways scrolling`, async () => {
    expect(await eachScreen(theme, PHONE_WIDTH, (page, screens) => overflowing(page, screens, theme), folderScreens, false)).toEqual([]);
  });
});
