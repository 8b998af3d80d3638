import { existsSync } from 'node:fs';
import path from 'node:path';
import { benchFeed } from './feed.ts';

// `npm run bench` runs every benchmark; `npm run bench -- feed media` runs the ones named.
// Each prints its own table. Media and recognition are optional: run only where present.
const only = process.argv.slice(2);
const wanted = (name: string) => !only.length || only.includes(name);
const here = import.meta.dirname;

if (wanted('feed')) await benchFeed();
if (wanted('media') && existsSync(path.join(here, 'media.ts'))) {
  const { benchMedia } = await import('./media.ts');
  await benchMedia();
}
if (wanted('recognition') && existsSync(path.join(here, 'recognition.ts'))) {
  const { benchRecognition } = await import('./recognition.ts');
  await benchRecognition();
}
// Open handles (worker threads, pools) must not keep the process alive once results are printed.
process.exit(0);
