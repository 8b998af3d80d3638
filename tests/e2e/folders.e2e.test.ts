import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHOTOS, shooter, shotsDir, useBrowserApp, waitForToast } from '../helpers/browser';

const SHOTS = shotsDir('folders');

const t = useBrowserApp({ AUTH_RATE_LIMIT: '1000' });

const uploadPhoto = (page: Page, photo: string, name: string) => t.upload(page, photo, { name, description: '', tags: 'e2e' });

/** Drops a photo on an element as a browser does: dragenter, dragover, drop with the file in a DataTransfer. */
async function dropPhoto(page: Page, testId: string, photo: string): Promise<void> {
  const base64 = (await readFile(path.join(PHOTOS, photo))).toString('base64');
  const dataTransfer = await page.evaluateHandle(
    ({ data, name }) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: 'image/jpeg' }));
      return transfer;
    },
    { data: base64, name: photo },
  );
  const zone = page.getByTestId(testId);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** Waits up to 15 s for a value: pages load slowly on a busy machine. */
function poll<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 15_000 });
}

const shot = shooter(SHOTS);

describe('folders journey', () => {
  it('creates a folder, saves a file from a card, invites by link, the editor drops a file in, the owner sees it', async () => {
    const { page: owner } = await t.member({ as: { firstName: 'Olive', lastName: 'Owner' } });
    const ownerContext = owner.context();
    await uploadPhoto(owner, 'coffee-cup.jpg', 'Morning cup');

    // Create a folder from the avatar menu.
    await owner.goto(t.url);
    await owner.getByRole('button', { name: 'Account menu' }).click();
    await owner.getByRole('menuitem', { name: 'Create new folder' }).click();
    const create = owner.getByRole('dialog', { name: 'Create New Folder' });
    await create.getByRole('button', { name: 'Create Folder' }).click();
    await create.getByText('Folder name is required').waitFor();
    await create.getByLabel('Folder Name').fill('  Lisbon trip  ');
    await create.getByLabel('Description (Optional)').fill('Tiles, trams and coffee');
    await create.getByRole('button', { name: 'Create Folder' }).click();
    await waitForToast(owner, 'Folder created');
    await create.waitFor({ state: 'hidden' });

    // Save the file into it from the card's hover button.
    const card = owner.getByTestId('file-card').first();
    await card.hover();
    await owner.getByRole('button', { name: 'Save Morning cup to a folder' }).click();
    const save = owner.getByRole('dialog', { name: 'Save to Folder' });
    await save.getByRole('button', { name: /Lisbon trip/ }).click();
    await waitForToast(owner, 'File saved to Lisbon trip');
    await save.waitFor({ state: 'hidden' });
    await shot(owner, 'home-after-save');

    // The detail dialog lists it under 'Saved to (1)', linking to the owner's folder.
    await card.click();
    const detail = owner.getByRole('dialog', { name: 'Morning cup' });
    await detail.getByRole('tab', { name: 'Saved to (1)' }).click();
    await detail.getByRole('link', { name: /Lisbon trip/ }).click();
    await owner.waitForURL(/\/folder\/\d+$/);
    const folderUrl = owner.url();
    const folderId = Number(folderUrl.split('/').pop());
    await owner.getByRole('heading', { name: 'Lisbon trip' }).waitFor();
    await owner.getByText('Tiles, trams and coffee').waitFor();
    await poll(() => owner.getByTestId('file-card').count()).toBe(1);

    // Invite by link as an editor.
    await owner.getByRole('button', { name: 'Actions', exact: true }).click();
    await owner.getByRole('menuitem', { name: 'Collaborate' }).click();
    const collaborate = owner.getByRole('dialog', { name: 'Collaborate' });
    await collaborate.getByLabel('Invite role').selectOption('EDITOR');
    await collaborate.getByRole('button', { name: 'Create Invite Link' }).click();
    const link = await collaborate.getByTestId('invite-link').inputValue();
    expect(link).toMatch(new RegExp(`^${t.url}/invite/.+`));
    await collaborate.getByTestId('pending-invites').getByText('Anyone with the link').waitFor();
    await shot(owner, 'collaborate-dialog');
    await owner.keyboard.press('Escape');

    // A second member opens the link signed out, is asked to sign in, comes back and accepts.
    const { page: setup, member: editorMember } = await t.member({ as: { firstName: 'Eddie', lastName: 'Editor' } });
    await setup.context().close();
    const editorContext = await t.context({ width: 1024 });
    const editor = await editorContext.newPage();
    await editor.goto(link);
    await editor.getByRole('heading', { name: 'Lisbon trip' }).waitFor();
    await editor.getByTestId('invite-role').getByText('Editor').waitFor();
    await editor.getByText('Can view, add and remove files in this folder').waitFor();
    await shot(editor, 'invite-signed-out');
    await editor.getByRole('button', { name: 'Accept Invitation' }).click();
    await editor.waitForURL(/\/auth\?tab=login/);
    await editor.getByLabel('Email or Username').fill(editorMember.username);
    await editor.getByLabel('Password', { exact: true }).fill(editorMember.password);
    await editor.getByRole('button', { name: 'Sign In', exact: true }).click();
    await editor.waitForURL(`${link}`);
    await editor.getByRole('button', { name: 'Accept Invitation' }).click();
    await editor.getByText('Action Completed').waitFor();
    await editor.waitForURL(`${t.url}/folder/${folderId}`, { timeout: 10_000 });

    // The editor drops a photo on the folder page; it uploads into the folder.
    await editor.getByRole('heading', { name: 'Lisbon trip' }).waitFor();
    await poll(() => editor.getByTestId('file-card').count()).toBe(1);
    await editor.getByRole('button', { name: 'Actions', exact: true }).click();
    expect(await editor.getByRole('menuitem', { name: 'Collaborate' }).count()).toBe(0);
    await editor.getByRole('menuitem', { name: 'Upload Files' }).waitFor();
    await editor.keyboard.press('Escape');
    await dropPhoto(editor, 'folder-dropzone', 'grass.jpg');
    await editor.getByTestId('upload-progress').getByText('Upload Complete').waitFor({ timeout: 60_000 });
    await poll(() => editor.getByTestId('file-card').count()).toBe(2);

    // The owner sees it in the folder.
    await owner.goto(folderUrl);
    await poll(() => owner.getByTestId('file-card').count()).toBe(2);
    await owner.getByText('2 files').waitFor();
    // A picture's alt is its name until recognition suggests one ("Photo: …"): the card is found by its name.
    await owner.getByTestId('file-card').filter({ hasText: 'grass.jpg' }).getByRole('img').first().waitFor();
    await shot(owner, 'folder-owner-light');
    await owner.getByRole('button', { name: 'Actions', exact: true }).click();
    await shot(owner, 'folder-actions-owner');
    await owner.keyboard.press('Escape');

    // A folder that does not exist.
    await owner.goto(`${t.url}/folder/999999`);
    await owner.getByText('Folder not found').waitFor();
    await owner.getByRole('button', { name: 'Go Back' }).waitFor();

    // Dark and phone looks of the same screens, for review.
    const darkContext = await t.browser.newContext({ viewport: { width: 360, height: 800 }, colorScheme: 'dark', storageState: await ownerContext.storageState() });
    await darkContext.addInitScript(() => window.localStorage.setItem('kaleido-theme', 'dark'));
    const dark = await darkContext.newPage();
    await dark.goto(folderUrl);
    await poll(() => dark.getByTestId('file-card').count()).toBe(2);
    await shot(dark, 'folder-owner-dark-360');
    await dark.goto(link);
    await dark.getByText('Invalid Invite').or(dark.getByText('Accept Invitation')).waitFor();
    await shot(dark, 'invite-used-dark-360');
    await darkContext.close();
    await editorContext.close();
    await ownerContext.close();
  });

  it('adds from the file page, saves from the detail dialog and by Enter on a card, shows an empty folder, deletes it', async () => {
    const { page } = await t.member({ as: { firstName: 'Sam', lastName: 'Saver' } });
    const ownerContext = page.context();
    const fileId = await uploadPhoto(page, 'chelsea-cat.jpg', 'Chelsea');
    const made = await page.request.post(`${t.url}/api/folders`, { data: { name: 'Cats', isPublic: true }, headers: { Origin: t.url } });
    expect(made.status()).toBe(201);
    const empty = (await (await page.request.post(`${t.url}/api/folders`, { data: { name: 'Empty for now' }, headers: { Origin: t.url } })).json()) as { id: number };

    // File page: Add is enabled only once a folder is chosen; 'In Folders' then links to it.
    await page.goto(`${t.url}/file/${fileId}`);
    const add = page.getByRole('button', { name: 'Add', exact: true });
    await add.waitFor();
    expect(await add.isDisabled()).toBe(true);
    await page.getByLabel('Add to Folder').selectOption({ label: 'Cats' });
    await add.click();
    await waitForToast(page, 'File saved to Cats');
    await page.getByRole('region', { name: 'In Folders' }).getByRole('link', { name: 'Cats' }).waitFor();
    await shot(page, 'file-page-in-folders');

    // Detail dialog: Save → the dialog's list, Create New Folder mode with Back, an empty name refused.
    await page.goto(t.url);
    await page.getByTestId('file-card').first().click();
    const detail = page.getByRole('dialog', { name: 'Chelsea' });
    await detail.getByRole('tab', { name: 'Saved to (1)' }).click();
    await detail.getByTestId('saved-to-list').getByText('Public').waitFor();
    await shot(page, 'detail-saved-to');
    await detail.getByRole('button', { name: 'Save', exact: true }).click();
    const save = page.getByRole('dialog', { name: 'Save to Folder' });
    await save.getByRole('button', { name: 'Save to Folder' }).click();
    await save.getByText('Please select a folder').waitFor();
    await save.getByRole('button', { name: 'Create New Folder' }).click();
    await save.getByRole('button', { name: 'Save to Folder' }).click();
    await save.getByText('Please enter a folder name').waitFor();
    await save.getByLabel('Folder Name').fill('  Whiskers  ');
    await shot(page, 'detail-save-dialog');
    await save.getByRole('button', { name: 'Save to Folder' }).click();
    await waitForToast(page, 'Created and saved to Whiskers');
    await detail.getByRole('tab', { name: 'Saved to (2)' }).waitFor();
    await page.goto(t.url);

    // Card: 'Create new folder:' and Enter creates and saves.
    await page.getByTestId('file-card').first().hover();
    await page.getByRole('button', { name: 'Save Chelsea to a folder' }).click();
    const cardSave = page.getByRole('dialog', { name: 'Save to Folder' });
    await cardSave.getByLabel('Create new folder:').fill('By enter');
    await shot(page, 'card-save-dialog');
    await cardSave.getByLabel('Create new folder:').press('Enter');
    await waitForToast(page, 'Created and saved to By enter');

    // An empty folder, then deleting it goes to /profile.
    await page.goto(`${t.url}/folder/${empty.id}`);
    await page.getByText('No files in this folder').waitFor();
    await shot(page, 'folder-empty');
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit Files' }).click();
    const edit = page.getByRole('dialog', { name: 'Manage Folder Files' });
    await edit.getByRole('button', { name: 'No Changes' }).waitFor();
    await edit.getByText('Chelsea').click();
    await edit.getByText('Add', { exact: true }).waitFor();
    await shot(page, 'edit-files');
    await edit.getByRole('button', { name: 'Add 1 File(s)' }).click();
    await edit.waitFor({ state: 'hidden' });
    await poll(() => page.getByTestId('file-card').count()).toBe(1);
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Make Public' }).click();
    await waitForToast(page, 'Folder is now public');
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete Folder' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Folder' });
    await confirm.getByText('This action cannot be undone. All files will be removed from this folder, but the original files will remain safe.', { exact: false }).waitFor();
    await shot(page, 'folder-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete Folder' }).click();
    await page.waitForURL(`${t.url}/profile`);
    expect((await page.request.get(`${t.url}/api/folders/${empty.id}`)).status()).toBe(404);

    // Phone, dark: the Create New Folder dialog from the avatar menu.
    const dark = await t.browser.newContext({ viewport: { width: 360, height: 800 }, colorScheme: 'dark', storageState: await ownerContext.storageState() });
    await dark.addInitScript(() => window.localStorage.setItem('kaleido-theme', 'dark'));
    const phone = await dark.newPage();
    await phone.goto(t.url);
    await phone.getByRole('button', { name: 'Account menu' }).click();
    await phone.getByRole('menuitem', { name: 'Create new folder' }).click();
    await phone.getByRole('dialog', { name: 'Create New Folder' }).waitFor();
    await shot(phone, 'create-folder-dark-360');
    await dark.close();
    await ownerContext.close();
  });
});
