import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tooManyWritesMessage } from '../../contract/common';
import { shotsDir, useBrowserApp, waitForToast } from '../helpers/browser';

const SHOTS = shotsDir('write-budgets');

const t = useBrowserApp({ WRITE_BUDGET_SCALE: '0.1' });

beforeAll(async () => {
  // A tenth of the production budgets: one comment a minute, so the second is refused.
  await mkdir(SHOTS, { recursive: true });
});

describe('a member past a write budget (decision 021)', () => {
  for (const [theme, width] of [['light', 1280], ['dark', 390]] as const) {
    it(`is told to slow down, in the toast of the failed comment (${theme}, ${width} px)`, async () => {
      const { page } = await t.member({ width, theme });
      const id = await t.upload(page, 'grass.jpg', { name: 'Grass', description: 'Green', tags: 'nature' });
      await page.goto(`${t.url}/file/${id}`);
      await page.getByRole('tab', { name: 'Comments (0)' }).click();
      await page.getByPlaceholder('Add a comment...').fill('First thought');
      await page.getByRole('button', { name: 'Post Comment' }).click();
      await page.getByTestId('comment').getByText('First thought').waitFor();
      await page.getByPlaceholder('Add a comment...').fill('And another');
      await page.getByRole('button', { name: 'Post Comment' }).click();
      await waitForToast(page, tooManyWritesMessage);
      // The toast slides in: photographed once it is in place.
      await page.waitForTimeout(600);
      await page.screenshot({ path: path.join(SHOTS, `comment-refused-${theme}-${width}.png`) });
      expect(await page.getByTestId('comment').count()).toBe(1);
      await page.context().close();
    });
  }
});
