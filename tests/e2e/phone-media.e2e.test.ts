import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as phone from '../helpers/phone-samples';
import * as samples from '../helpers/media-samples';
import { shotsDir, signUpInBrowser, useBrowserApp } from '../helpers/browser';
import { useTestApp } from '../helpers/test-app';
import { newMember } from '../helpers/test-client';

// Phone media (decision 020) in Debian's Chromium: an iPhone's HEVC `.mov` plays (through its web rendition), a
// HEIC photo shows upright in the feed and the detail view, and a clip that cannot be
// converted says so instead of showing a black box.

const SHOTS = shotsDir('phone-media');

const t = useBrowserApp({}, {}, { jobs: { pollingIntervalSeconds: 0.5 } });
let dir: samples.TempDir;
let movPath: string;
let heicPath: string;
let brokenPath: string;

beforeAll(async () => {
  dir = await samples.tempDir();
  [movPath, heicPath, brokenPath] = await Promise.all([
    phone.hevcMov(dir, 'IMG_0042.MOV', 90),
    phone.iphoneHeic(dir).then((bytes) => dir.file('IMG_0043.HEIC', bytes)),
    phone.undecodableMov(dir, 'IMG_0044.MOV'),
  ]);
});

afterAll(async () => {
  await dir?.cleanup();
});

async function memberPage(options: { width?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
  return (await t.member({ ...options, as: { firstName: 'Ivy', lastName: 'Phone' } })).page;
}

async function uploadThroughDialog(page: Page, files: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Upload files' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Files' });
  await dialog.getByText('Supports images, videos, documents • Max 10MB per file').waitFor();
  await page.getByTestId('upload-input').setInputFiles(files);
  await page.getByTestId('upload-progress').getByText('Upload Complete').waitFor({ timeout: 60_000 });
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
}

/** Which colour the picture shows near its top and its bottom (red and blue halves; blue on top when upright). */
async function topAndBottom(img: Locator): Promise<{ width: number; height: number; top: string; bottom: string }> {
  await expect.poll(() => img.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  return img.evaluate((node: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = node.naturalWidth;
    canvas.height = node.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(node, 0, 0);
    const colour = (y: number) => {
      const [r, , b] = context.getImageData(Math.floor(canvas.width / 2), y, 1, 1).data;
      return b > 150 && r < 100 ? 'blue' : r > 150 && b < 100 ? 'red' : `rgb(${r},?,${b})`;
    };
    return { width: canvas.width, height: canvas.height, top: colour(Math.floor(canvas.height * 0.1)), bottom: colour(Math.floor(canvas.height * 0.9)) };
  });
}

describe('phone media in the browser', () => {
  it('an iPhone HEVC .mov plays and a HEIC photo shows upright, in the feed and the detail view', async () => {
    const page = await memberPage();
    await page.goto(t.url);
    await uploadThroughDialog(page, [movPath, heicPath]);

    const cards = page.getByTestId('file-card');
    await expect.poll(() => cards.count()).toBe(2);
    // The HEIC card: its WebP thumbnail, portrait, blue half on top (the `irot` applied once).
    // A picture's alt is its name until recognition suggests one ("Photo: …"); the card is found by its name.
    const picture = { name: /^(IMG_0043\.HEIC|Photo: .+)$/ };
    const photoCard = page.locator('[data-testid="file-card"]').filter({ hasText: 'IMG_0043.HEIC' });
    const cardPicture = await topAndBottom(photoCard.getByRole('img', picture));
    expect(cardPicture.height).toBeGreaterThan(cardPicture.width);
    expect([cardPicture.top, cardPicture.bottom]).toEqual(['blue', 'red']);

    await photoCard.click();
    const photo = page.getByRole('dialog', { name: 'IMG_0043.HEIC' });
    const detailPicture = await topAndBottom(photo.getByRole('img', picture));
    expect(detailPicture.height).toBeGreaterThan(detailPicture.width);
    expect([detailPicture.top, detailPicture.bottom]).toEqual(['blue', 'red']);
    expect(await photo.getByRole('img', picture).getAttribute('src')).toMatch(/\.webp$/);
    await page.keyboard.press('Escape');

    // The video: the player appears once the rendition exists, reaches canplay and plays.
    await cards.filter({ hasNotText: 'IMG_0043' }).first().click();
    const clip = page.getByRole('dialog', { name: 'IMG_0042.MOV' });
    const video = clip.getByTestId('video-player');
    await video.waitFor({ timeout: 45_000 });
    expect(await video.getAttribute('src')).toMatch(/_web\.mp4$/);
    await expect.poll(() => video.evaluate((node: HTMLVideoElement) => node.readyState >= 3), { timeout: 15_000 }).toBe(true);
    const start = await video.evaluate(async (node: HTMLVideoElement) => {
      node.muted = true;
      await node.play();
      return node.currentTime;
    });
    await expect.poll(() => video.evaluate((node: HTMLVideoElement) => node.currentTime), { timeout: 10_000 }).toBeGreaterThan(start + 0.2);
    // Upright, as the phone was held: the rendition is portrait.
    expect(await video.evaluate((node: HTMLVideoElement) => node.videoHeight > node.videoWidth)).toBe(true);
    expect(await clip.getByTestId('playback-unplayable').count()).toBe(0);
  });

  it.each([
    ['light', 1280],
    ['dark', 390],
  ] as const)('a clip that cannot be converted says so and offers the original (%s, %i px)', async (colorScheme, width) => {
    const page = await memberPage({ width, colorScheme });
    await page.goto(t.url);
    await uploadThroughDialog(page, [brokenPath]);
    const card = page.getByTestId('file-card').filter({ hasText: 'IMG_0044.MOV' }).first();
    await card.waitFor();
    await card.click();
    const clip = page.getByRole('dialog', { name: 'IMG_0044.MOV' });
    const notice = clip.getByTestId('playback-unplayable');
    await notice.waitFor({ timeout: 45_000 });
    expect(await notice.innerText()).toContain("This video can't be played here — download it");
    expect(await notice.getByRole('link', { name: 'Download' }).getAttribute('href')).toMatch(/\/api\/files\/\d+\/download$/);
    expect(await clip.getByTestId('video-player').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, `unplayable-${colorScheme}-${width}.png`) });
  });
});

describe('while the rendition is being made', () => {
  // An app that only enqueues (WORKERS=0): the job waits, so "Processing…" stays on screen.
  const idle = useTestApp({ WORKERS: '0' });

  it.each([
    ['light', 1280],
    ['dark', 390],
  ] as const)('the card and the detail view show the poster and Processing… (%s, %i px)', async (colorScheme, width) => {
    const context = await t.context({ width, colorScheme });
    const page = await context.newPage();
    await signUpInBrowser(page, idle.url, newMember({ firstName: 'Ivy', lastName: 'Waiting' }));
    await page.goto(idle.url);
    await page.getByRole('button', { name: 'Upload files' }).click();
    await page.getByTestId('upload-input').setInputFiles([movPath]);
    await page.getByTestId('upload-progress').getByText('Upload Complete').waitFor({ timeout: 60_000 });
    await page.getByRole('dialog', { name: 'Upload Files' }).waitFor({ state: 'hidden', timeout: 10_000 });

    const card = page.getByTestId('file-card').filter({ hasText: 'IMG_0042.MOV' }).first();
    await card.getByTestId('processing-badge').waitFor();
    expect(await card.getByTestId('processing-badge').innerText()).toBe('Processing…');
    await expect.poll(() => card.getByRole('img', { name: 'IMG_0042.MOV' }).evaluate((node: HTMLImageElement) => node.complete && node.naturalHeight > node.naturalWidth)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, `processing-feed-${colorScheme}-${width}.png`) });

    await card.click();
    const clip = page.getByRole('dialog', { name: 'IMG_0042.MOV' });
    await clip.getByTestId('playback-processing').waitFor();
    expect(await clip.getByTestId('video-player').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, `processing-detail-${colorScheme}-${width}.png`) });
    await context.close();
  });
});
