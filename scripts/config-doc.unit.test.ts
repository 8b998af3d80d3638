import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIG_DOC, renderConfigDoc, settings } from './config-doc';

describe('docs/configuration.md', () => {
  it('is what server/config.ts says (run `npm run docs:config` after changing a setting)', () => {
    expect(fs.readFileSync(CONFIG_DOC, 'utf8')).toBe(renderConfigDoc());
  });

  it('lists every setting with its default', () => {
    const rows = Object.fromEntries(settings().map((s) => [s.name, s.defaultText]));
    expect(rows).toMatchObject({ PORT: '`3000`', DATABASE_URL: 'unset', ADMIN_EMAILS: 'empty', AUTOTAG: '`on`', TRUST_PROXY: '`off`', APP_SECRET: 'generated' });
    expect(rows.PUBLIC_URL).toBe('`http://localhost:$PORT`');
  });

  it('refuses a setting without a description', () => {
    const schema = z.object({ DOCUMENTED: z.string().describe('Said.'), FORGOTTEN: z.string().default('x') });
    expect(() => settings(schema)).toThrow('FORGOTTEN has no description');
  });

  it('keeps a pipe in a description inside its cell', () => {
    expect(renderConfigDoc([{ name: 'A', defaultText: 'unset', description: 'x | y' }])).toContain('| `A` | unset | x \\| y |');
  });
});
