import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { envSchema } from '../server/config';

/**
 * Writes `docs/configuration.md` from the settings' schema in `server/config.ts`: each variable,
 * its default and the description written next to it. `npm run docs:config` rewrites it;
 * scripts/config-doc.unit.test.ts fails while it differs from the schema.
 */

export const CONFIG_DOC = path.resolve(import.meta.dirname, '../docs/configuration.md');

type Setting = { name: string; defaultText: string; description: string };

/** Each setting in the schema's order; a setting without a description stops the render. */
export function settings(schema: z.ZodObject = envSchema): Setting[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const meta = (field as z.ZodType).meta() ?? {};
    if (!meta.description) throw new Error(`${name} has no description in server/config.ts`);
    return { name, defaultText: typeof meta.defaultText === 'string' ? meta.defaultText : defaultOf(field as z.ZodType), description: meta.description };
  });
}

function defaultOf(field: z.ZodType): string {
  if (!(field instanceof z.ZodDefault)) return 'unset';
  const value: unknown = field.def.defaultValue;
  // Switches are written on/off; their schema's default is the parsed boolean.
  if (typeof value === 'boolean') return value ? '`on`' : '`off`';
  if (value === '') return 'empty';
  return `\`${String(value)}\``;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}

export function renderConfigDoc(list: Setting[] = settings()): string {
  return [
    '# Configuration',
    '',
    '<!-- Generated from server/config.ts by `npm run docs:config`: do not edit here. -->',
    '',
    'Every setting is an environment variable, read and validated once at start-up',
    '(`server/config.ts`); a bad value stops the start with a message naming it. Switches take',
    '`on`/`off` (or `true`/`false`, `1`/`0`). How the settings combine for PostgreSQL, S3, workers',
    'and Redis: [operations](operations.md).',
    '',
    '| Variable | Default | What it does |',
    '|---|---|---|',
    ...list.map((s) => `| \`${s.name}\` | ${cell(s.defaultText)} | ${cell(s.description)} |`),
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(CONFIG_DOC, renderConfigDoc());
  console.log(`wrote ${path.relative(process.cwd(), CONFIG_DOC)}: ${settings().length} settings`);
}
