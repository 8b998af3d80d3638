import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../tests/helpers/media-samples';
import { useTestApp } from '../../tests/helpers/test-app';

// Every screen of the spec's route table answers the app to any client (curl, crawlers, link
// previews send no `Accept: text/html`); unknown API calls stay JSON 404s. A file's, a folder's
// and a profile's page answer visitors the server's own page instead (public-pages.int.test.ts).
const SCREENS = [
  '/', '/auth', '/auth?tab=login', '/reset-password?token=abc', '/invite/some-token', '/about', '/contact', '/policy',
  '/profile', '/folders/4', '/search?q=cat', '/notifications', '/admin', '/settings', '/no-such-screen',
];

const t = useTestApp(async () => {
  const { dir: clientDir, cleanup } = await tempDir('kaleido-client-');
  await fs.mkdir(path.join(clientDir, 'assets'));
  await fs.writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Kaleido</title><div id="root"></div>');
  return { patch: { clientDir }, cleanup };
});

describe('screen paths', () => {
  it('answer index.html whatever the Accept header', async () => {
    for (const screen of SCREENS) {
      for (const accept of [undefined, '*/*', 'application/json', 'text/html']) {
        const res = await fetch(t.url + screen, { headers: accept ? { accept } : {} });
        expect(res.status, `${screen} with ${accept}`).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/text\/html/);
        expect(await res.text()).toContain('<div id="root">');
      }
    }
  });

  it('leave API, upload and asset misses as JSON 404s', async () => {
    for (const miss of ['/api/no/such/thing', '/api', '/uploads/ab/cd/x.webp', '/assets/index-gone.js', '/favicon-missing.png']) {
      const res = await fetch(t.url + miss);
      expect(res.status, miss).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
    }
  });
});
