import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shooter, shotsDir, useBrowserApp, waitForToast } from '../helpers/browser';
import { newMember } from '../helpers/test-client';

// On a 390 px phone (decision 023): /admin, search and the folder page never scroll sideways
// (`scrollWidth <= innerWidth`), a long applicant name keeps Approve and Reject on screen, the
// folder's Actions menu keeps a margin from the edge. And admin-only folders: an admin creates
// one and switches it from the Actions menu; a member gets 404 and never sees the option.

const SHOTS = shotsDir('phone-layout');
const ADMIN_EMAIL = 'layout-chief@example.com';
const PHONE = 390;
const t = useBrowserApp({ REGISTRATION: 'waitlist', AUTH_RATE_LIMIT: '1000', ADMIN_EMAILS: ADMIN_EMAIL });

const open = (width: number, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> => t.page({ width, height: 844, colorScheme });

const shot = shooter(SHOTS);

async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth, `${where}: page is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(innerWidth);
}

const post = (page: Page, url: string, data?: unknown) => page.request.post(`${t.url}${url}`, { data, headers: { origin: t.url } });

describe('a 390 px phone', () => {
  it('shows /admin, search and a folder without sideways scrolling; admin-only folders are the admin\'s', async () => {
    const { page: admin } = await t.member({ width: PHONE, height: 844, as: { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Chief' } });

    // One applicant with a very long name and email, one ordinary, one member approved at once.
    const long = newMember({ firstName: 'Maximilianaconstanzeaurelia', lastName: 'Vandenbergheschuttelaarsma', email: `a.very.long.address.for.the.waitlist.${Date.now()}@extraordinarily-long-domain-name.example.com` });
    expect((await post(admin, '/api/register', { ...long, reason: 'I scan glass-plate negatives from my great-grandfather\'s studio and want to share them with the village archive.' })).status()).toBe(202);
    const member = newMember({ firstName: 'Mira', lastName: 'Member' });
    expect((await post(admin, '/api/register', { ...member, reason: 'Film photos' })).status()).toBe(202);
    const list = (await (await admin.request.get(`${t.url}/api/admin/waitlist`)).json()) as Array<{ id: number; email: string }>;
    const memberApplication = list.find((a) => a.email === member.email)!;
    expect((await admin.request.put(`${t.url}/api/admin/waitlist/${memberApplication.id}/approve`, { headers: { origin: t.url } })).status()).toBe(200);

    await admin.goto(`${t.url}/admin?tab=waitlist`);
    const card = admin.getByRole('article', { name: `${long.firstName} ${long.lastName}` });
    await card.getByText('Pending').waitFor();
    await noSidewaysScroll(admin, '/admin');
    for (const name of ['Approve', 'Reject']) {
      const box = (await card.getByRole('button', { name: `${name} ${long.firstName} ${long.lastName}` }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE);
    }
    await shot(admin, 'admin-light-390');
    const darkAdmin = await open(PHONE, 'dark');
    await darkAdmin.context().addCookies(await admin.context().cookies());
    await darkAdmin.goto(`${t.url}/admin?tab=waitlist`);
    await darkAdmin.getByRole('article', { name: `${long.firstName} ${long.lastName}` }).waitFor();
    await noSidewaysScroll(darkAdmin, '/admin dark');
    await shot(darkAdmin, 'admin-dark-390');

    // The admin creates an admin-only folder from Create New Folder.
    await admin.goto(`${t.url}/`);
    await admin.getByRole('button', { name: 'Account menu' }).click();
    await admin.getByRole('menuitem', { name: 'Create new folder' }).click();
    const create = admin.getByRole('dialog', { name: 'Create New Folder' });
    await create.getByLabel('Folder Name').fill('Moderation notes');
    await create.getByText('Admin-only', { exact: true }).click();
    expect(await create.getByRole('switch', { name: /Admin-only/ }).isChecked()).toBe(true);
    await create.getByRole('button', { name: 'Create Folder' }).click();
    await waitForToast(admin, 'Folder created');
    const folders = (await (await admin.request.get(`${t.url}/api/folders`)).json()) as Array<{ id: number; name: string; isAdminOnly: boolean }>;
    const folder = folders.find((f) => f.name === 'Moderation notes')!;
    expect(folder.isAdminOnly).toBe(true);

    // The member: 404 for it, and no admin-only choice anywhere.
    const mira = await open(PHONE);
    const signIn = await post(mira, '/api/login', { emailOrUsername: member.username, password: member.password });
    expect(signIn.status(), await signIn.text()).toBe(200);
    expect((await mira.request.get(`${t.url}/api/folders/${folder.id}`)).status()).toBe(404);
    await mira.goto(`${t.url}/folder/${folder.id}`);
    await mira.getByText('Folder not found').waitFor();

    // The admin opens it on the phone: the Admin badge, and the menu keeps a margin from the edge.
    await admin.goto(`${t.url}/folder/${folder.id}`);
    await admin.getByRole('heading', { name: 'Moderation notes' }).waitFor();
    await admin.getByText('Admin', { exact: true }).first().waitFor();
    await noSidewaysScroll(admin, '/folder');
    await admin.getByRole('button', { name: 'Actions', exact: true }).click();
    const menu = admin.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Make Public' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Make Admin-only' }).count()).toBe(0);
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.x).toBeGreaterThanOrEqual(8);
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(PHONE - 8);
    await shot(admin, 'folder-menu-light-390');
    await menu.getByRole('menuitem', { name: 'Make Public' }).click();
    await waitForToast(admin, 'Folder is now public');
    expect((await mira.request.get(`${t.url}/api/folders/${folder.id}`)).status()).toBe(200);
    await admin.getByRole('button', { name: 'Actions', exact: true }).click();
    await admin.getByRole('menuitem', { name: 'Make Admin-only' }).click();
    await waitForToast(admin, 'Folder is now admin-only');
    expect((await mira.request.get(`${t.url}/api/folders/${folder.id}`)).status()).toBe(404);

    // The member's own folder offers only Make Public / Make Private; their create dialog no switch.
    const own = await post(mira, '/api/folders', { name: 'Mira sketches' });
    const ownId = ((await own.json()) as { id: number }).id;
    await mira.goto(`${t.url}/folder/${ownId}`);
    await mira.getByRole('button', { name: 'Actions', exact: true }).click();
    await mira.getByRole('menuitem', { name: 'Make Public' }).waitFor();
    expect(await mira.getByRole('menuitem', { name: /Admin-only/ }).count()).toBe(0);
    await mira.keyboard.press('Escape');
    await mira.getByRole('button', { name: 'Account menu' }).click();
    await mira.getByRole('menuitem', { name: 'Create new folder' }).click();
    await mira.getByRole('dialog', { name: 'Create New Folder' }).getByLabel('Folder Name').waitFor();
    expect(await mira.getByRole('switch', { name: /Admin-only/ }).count()).toBe(0);
    await mira.keyboard.press('Escape');

    // Search with a result, light and dark.
    expect((await post(mira, '/api/folders', { name: 'Harbour walks', isPublic: true })).status()).toBe(201);
    await mira.goto(`${t.url}/search?q=harbour`);
    await mira.getByTestId('search-title').filter({ hasText: '1 result' }).waitFor();
    await noSidewaysScroll(mira, '/search');
    await shot(mira, 'search-light-390');
    await darkAdmin.goto(`${t.url}/search?q=harbour`);
    await darkAdmin.getByTestId('search-title').filter({ hasText: '1 result' }).waitFor();
    await noSidewaysScroll(darkAdmin, '/search dark');
    await shot(darkAdmin, 'search-dark-390');
  }, 180_000);
});
