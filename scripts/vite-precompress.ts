import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text assets worth compressing; images, fonts and media are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
/** Below this the encoding headers cost about what they save. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every text asset of
 * the client build, once, at build time, so the server sends compressed bytes without spending
 * CPU per request (@fastify/static `preCompressed`, docs/decisions/023). A variant that is not
 * smaller than the file is not written, and the server then sends the file itself.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kaleido-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true })).map(String).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(files.map(async (file) => {
        const full = path.join(outDir, file);
        const bytes = await fs.readFile(full);
        if (bytes.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
          gzip(bytes, { level: 9 }),
        ]);
        if (br.length < bytes.length) await fs.writeFile(`${full}.br`, br);
        if (gz.length < bytes.length) await fs.writeFile(`${full}.gz`, gz);
      }));
    },
  };
}
