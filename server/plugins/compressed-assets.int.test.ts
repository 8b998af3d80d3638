import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../tests/helpers/media-samples';
import { useTestApp } from '../../tests/helpers/test-app';
import { signedUp } from '../../tests/helpers/test-client';
import { photo, uploadOk } from '../../tests/helpers/upload';
import { acceptsEncoding } from './client';

// The client build writes `.br` and `.gz` beside each text asset (scripts/vite-precompress.ts);
// the server sends the one the browser accepts, with the headers a cache needs, and the plain
// file to a client that accepts neither. undici's `request` does not decompress, so the test
// sees the bytes a browser receives.

const script = `export const words = ${JSON.stringify('kaleido '.repeat(500))};\n`;
const html = `<!doctype html><html><head><title>Kaleido</title></head><body><div id="root"></div><!-- ${'padding '.repeat(200)} -->`;
async function withVariants(file: string, text: string) {
  await fs.writeFile(file, text);
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(text));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(text));
}

const t = useTestApp(async () => {
  const { dir: clientDir, cleanup } = await tempDir('kaleido-compressed-');
  await fs.mkdir(path.join(clientDir, 'assets'));
  await withVariants(path.join(clientDir, 'assets', 'index-abc123.js'), script);
  await withVariants(path.join(clientDir, 'index.html'), html);
  await fs.writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The build's manifest: the entry, and the home screen's lazy chunk named as client/member-chunks.ts names it (it imports one chunk shared with the entry).
  await fs.mkdir(path.join(clientDir, '.vite'));
  await fs.writeFile(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify({
    'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-r1.js' },
    '_layout.js': { file: 'assets/layout-l1.js', imports: ['_react.js'], css: ['assets/layout-l1.css'] },
    '_member-home-h1.js': { file: 'assets/member-home-h1.js', name: 'member-home', imports: ['_layout.js', '_react.js', 'index.html'] },
    'src/routes/search.tsx': { file: 'assets/search-s1.js', isDynamicEntry: true },
  }));
  return { patch: { clientDir }, cleanup };
});

async function get(url: string, acceptEncoding?: string, cookie?: string) {
  const res = await request(t.url + url, { headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...(cookie ? { cookie } : {}) } });
  return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
}

describe('compressed assets', () => {
  it('sends brotli to a browser that accepts it, with long caching on hashed files', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
    expect(res.body.length).toBeLessThan(script.length / 10);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(script);
  });

  it('compresses the app page too, which is never cached without a check', async () => {
    for (const screen of ['/', '/settings', '/search?q=cat']) {
      const res = await get(screen, 'gzip, deflate, br');
      expect(res.headers['content-encoding'], screen).toBe('br');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.body).toString()).toBe(html);
    }
    const plain = await get('/', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
  });

  it('asks browsers to check unhashed files again', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe("a member's home page", () => {
  it('preloads the first calls and the home chunks\' CSS when a session cookie comes with the request for /', async () => {
    const res = await get('/', 'br', 'kaleido_session=abc');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/cookie/i);
    const page = zlib.brotliDecompressSync(res.body).toString();
    // Scripts are not preloaded: they would compete with the entry script for the first paint.
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<link rel="preload" as="style" href="/assets/layout-l1.css">');
    expect(page).toContain('<link rel="preload" as="fetch" href="/api/files?offset=0&limit=20" crossorigin="use-credentials">');
    expect(page).toContain('<link rel="preload" as="fetch" href="/api/user" crossorigin="use-credentials">');
    expect(page.indexOf('as="fetch"')).toBeLessThan(page.indexOf('</head>'));
  });

  it('is not sent to visitors, nor on other screens', async () => {
    expect(zlib.brotliDecompressSync((await get('/', 'br')).body).toString()).toBe(html);
    expect(zlib.brotliDecompressSync((await get('/search?q=x', 'br', 'kaleido_session=abc')).body).toString()).toBe(html);
    expect((await get('/', undefined, 'kaleido_session=abc')).body.toString()).toContain('/api/files?offset=0&limit=20');
  });
});

describe("a member's home page with their feed's first pictures", () => {
  const pictureLinks = (page: string) => page.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];

  it('preloads the two newest pictures the member may see, by the addresses their cards ask for, and nobody else\'s private ones', async () => {
    const ana = await signedUp(t);
    const bob = await signedUp(t);
    const older = await uploadOk(ana.client, await photo('grass.jpg'), 'grass.jpg');
    const newer = await uploadOk(ana.client, await photo('coffee-cup.jpg'), 'coffee-cup.jpg');
    const hidden = await uploadOk(bob.client, await photo('chelsea-cat.jpg'), 'cat.jpg', { isPublic: 'false' });

    const page = (await bob.client.get('/', { 'accept-encoding': 'br' })).text;
    const links = pictureLinks(page);
    // Bob's own private photo is his newest card; Ana's newer one comes next.
    expect(links).toHaveLength(2);
    expect(links[0]).toContain(`href="${hidden.thumbnailPath}"`);
    expect(links[1]).toBe(
      `<link rel="preload" as="image" href="${newer.thumbnailPath}" imagesrcset="${newer.thumbnailPath} 400w, ${newer.filePath} ${newer.width}w" imagesizes="(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" fetchpriority="high">`,
    );
    expect(page.indexOf('as="image"')).toBeLessThan(page.indexOf('</head>'));

    const anas = pictureLinks((await ana.client.get('/')).text).join('\n');
    expect(anas).toContain(newer.thumbnailPath);
    expect(anas).toContain(older.thumbnailPath);
    expect(anas).not.toContain(hidden.thumbnailPath);
    expect(anas).not.toContain(hidden.filePath);
  });

  it('sends the page without them to a cookie that is no session', async () => {
    const res = await get('/', 'br', 'kaleido_session=abc');
    expect(pictureLinks(zlib.brotliDecompressSync(res.body).toString())).toEqual([]);
  });
});

describe('acceptsEncoding', () => {
  it('reads tokens, wildcards and q=0', () => {
    expect(acceptsEncoding('gzip, deflate, br', 'br')).toBe(true);
    expect(acceptsEncoding('gzip;q=1.0, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('*', 'gzip')).toBe(true);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
    expect(acceptsEncoding('identity', 'gzip')).toBe(false);
  });
});
