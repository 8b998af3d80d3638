import { execSync } from 'node:child_process';
import path from 'node:path';

/** Browser tests drive the built client, as `npm start` serves it. */
export default function setup(): void {
  execSync('node scripts/build-client.mjs', { cwd: path.resolve(import.meta.dirname, '../..'), stdio: 'inherit' });
}
