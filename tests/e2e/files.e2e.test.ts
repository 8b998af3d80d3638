import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHOTOS, useBrowserApp } from '../helpers/browser';

const t = useBrowserApp();

async function signedInPage(width = 1280): Promise<Page> {
  return (await t.member({ width, as: { firstName: 'Uma', lastName: 'Uploader' } })).page;
}

describe('files journey', () => {
  it('uploads three files, shows them in the feed, likes one and comments on it', async () => {
    const page = await signedInPage();
    await page.goto(t.url);
    await expect.poll(() => page.getByText('No files found').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Upload files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Files' });
    await dialog.getByText('Drag & drop files here or click to browse').waitFor();
    await dialog.getByLabel('Tags').fill('journey, e2e');
    await page.getByTestId('upload-input').setInputFiles(['astronaut.jpg', 'chelsea-cat.jpg', 'coffee-cup.jpg'].map((f) => path.join(PHOTOS, f)));

    const progress = page.getByTestId('upload-progress');
    await progress.getByText('Uploading Files').or(progress.getByText('Upload Complete')).waitFor();
    await progress.getByText('Upload Complete').waitFor({ timeout: 60_000 });
    // One read for the three: the card closes two seconds after a clean run, which a slow machine
    // can spend between separate reads.
    const summary = await progress.getByText('All files uploaded successfully').evaluate((node) => node.closest('[data-testid="upload-progress"]')?.textContent ?? '');
    expect(summary).toContain('3 of 3 files');
    expect(summary).toContain('100%');

    // Two seconds after a clean run the card and the dialog close and the feed shows the files.
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await progress.waitFor({ state: 'hidden', timeout: 10_000 });
    const cards = page.getByTestId('file-card');
    await expect.poll(() => cards.count()).toBe(3);
    await expect.poll(() => page.getByTestId('masonry-grid').getAttribute('data-columns')).toBe('4');
    await expect.poll(() => page.getByTestId('feed-end').textContent()).toContain("You've reached the end");
    // Newest first: the last file sent leads the grid.
    const ids = await cards.evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-file-id'))));
    expect(ids[0]).toBeGreaterThan(ids[1]);

    await cards.first().click();
    const detail = page.getByRole('dialog', { name: 'coffee-cup.jpg' });
    await detail.waitFor();
    await detail.getByText('Saved to (0)').waitFor();
    await detail.getByText('No comments yet. Be the first to comment!').waitFor();

    // Named by what it does and the count it shows (decision 030).
    await detail.getByRole('button', { name: 'Like, 0 likes', exact: true }).click();
    await expect.poll(() => detail.getByTestId('like-count').textContent()).toBe('1');
    await detail.getByRole('button', { name: 'Unlike, 1 like', exact: true }).waitFor();

    await detail.getByPlaceholder('Add a comment...').fill('What a lovely cup');
    await detail.getByRole('button', { name: 'Send' }).click();
    await detail.getByTestId('comment').getByText('What a lovely cup').waitFor();
    await detail.getByText('Comments (1)').waitFor();

    // The like survives a reload: the server has it.
    // Closing steps back in history (the dialog had its own /file/{id} entry): reload once it has.
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.pathname.startsWith('/file/'));
    await page.reload();
    await page.getByTestId('file-card').first().hover();
    await expect.poll(() => page.getByRole('button', { name: 'Unlike coffee-cup.jpg' }).textContent()).toBe('1');
    await page.context().close();
  });

  it('refuses a file type the picker does not accept with the spec message', async () => {
    const page = await signedInPage();
    await page.goto(t.url);
    await page.getByRole('button', { name: 'Upload files' }).click();
    await page.getByTestId('upload-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    // Radix also announces the toast in a live region for a moment: either copy will do.
    await page.getByText('notes.txt: File type not supported').first().waitFor();
    await page.getByText('Upload Error').first().waitFor();
    await page.context().close();
  });

  it('shows the file page with its details and comments tab', async () => {
    const page = await signedInPage(375);
    const upload = await page.request.post(`${t.url}/api/files`, {
      headers: { Origin: t.url },
      multipart: { name: 'Grass', description: 'Green', tags: 'nature', isPublic: 'true', file: { name: 'grass.jpg', mimeType: 'image/jpeg', buffer: await readFile(path.join(PHOTOS, 'grass.jpg')) } },
    });
    expect(upload.status()).toBe(201);
    const { id } = (await upload.json()) as { id: number };
    await page.goto(`${t.url}/file/${id}`);
    await page.getByRole('heading', { name: 'Grass' }).waitFor();
    await page.getByText('In Folders').waitFor();
    await page.getByRole('button', { name: /^Like/ }).click();
    await page.getByRole('button', { name: /^Liked/ }).waitFor();
    await page.getByRole('tab', { name: 'Comments (0)' }).click();
    await page.getByText('No comments yet', { exact: true }).waitFor();
    await page.getByPlaceholder('Add a comment...').fill('  Nice texture  ');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await page.getByTestId('comment').getByText('Nice texture').waitFor();
    await page.getByRole('tab', { name: 'Comments (1)' }).waitFor();

    // Past a page of 50, the oldest wait behind 'Show more comments'.
    for (let i = 2; i <= 51; i++) {
      const sent = await page.request.post(`${t.url}/api/files/${id}/comments`, { headers: { Origin: t.url }, data: { content: `Comment ${i}` } });
      expect(sent.status()).toBe(201);
    }
    await page.reload();
    await page.getByRole('tab', { name: 'Comments (51)' }).click();
    await expect.poll(() => page.getByTestId('comment').count()).toBe(50);
    await page.getByRole('button', { name: 'Show more comments' }).click();
    await expect.poll(() => page.getByTestId('comment').count()).toBe(51);
    expect(await page.getByRole('button', { name: 'Show more comments' }).count()).toBe(0);

    await page.goto(`${t.url}/file/999999`);
    await page.getByText('File not found').waitFor();
    await page.getByText("The file you're looking for doesn't exist or you don't have permission to view it.").waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${t.url}/`);
    await page.context().close();
  });
});

describe('what the viewer may do', () => {
  it('offers Delete to the owner only, as the file says (canDelete), on the page and in the dialog', async () => {
    const owner = await signedInPage();
    const form = { file: { name: 'coffee-cup.jpg', mimeType: 'image/jpeg', buffer: await readFile(path.join(PHOTOS, 'coffee-cup.jpg')) } };
    const res = await owner.request.post(`${t.url}/api/files`, { multipart: form, headers: { Origin: t.url } });
    expect(res.status()).toBe(201);
    const file = await res.json();
    expect(file).toMatchObject({ canEdit: true, canDelete: true });

    const other = await signedInPage();
    for (const [page, offered] of [[owner, true], [other, false]] as const) {
      await page.goto(`${t.url}/file/${file.id}`);
      await page.getByRole('button', { name: 'Like' }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(offered ? 1 : 0);
      await page.goto(t.url);
      await page.getByTestId('file-card').first().click();
      const detail = page.getByRole('dialog', { name: 'coffee-cup.jpg' });
      await detail.getByText('Saved to (0)').waitFor();
      expect(await detail.getByRole('button', { name: 'Delete file' }).count()).toBe(offered ? 1 : 0);
      await page.context().close();
    }
  });
});
