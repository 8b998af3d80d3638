// Renders the first page of a PDF to PNG inside a worker thread: pdfjs parses and rasterises
// on the JavaScript thread, so doing it here keeps the server's event loop free. Plain
// JavaScript because worker threads load files without the TypeScript loader.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
// Fonts, character maps and image decoders come from the package on disk: nothing is fetched.
const assetDir = (name) => `${path.join(pdfjsRoot, name)}${path.sep}`;

/** @param {{ inputPath: string, maxSide: number }} job */
async function renderFirstPage({ inputPath, maxSide }) {
  const data = new Uint8Array(await readFile(inputPath));
  const loading = getDocument({
    data,
    standardFontDataUrl: assetDir('standard_fonts'),
    cMapUrl: assetDir('cmaps'),
    cMapPacked: true,
    wasmUrl: assetDir('wasm'),
    iccUrl: assetDir('iccs'),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  });
  const doc = await loading.promise;
  try {
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(maxSide / Math.max(base.width, base.height), 4);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    // pdfjs's own factory, so page and internal canvases come from the same canvas build.
    const { canvas, context } = doc.canvasFactory.create(width, height);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvasContext: context, canvas, viewport }).promise;
    const png = await canvas.encode('png');
    return { png, width, height, pageWidth: base.width, pageHeight: base.height };
  } finally {
    await doc.destroy();
  }
}

try {
  const result = await renderFirstPage(workerData);
  const png = new Uint8Array(result.png);
  parentPort.postMessage({ ok: true, ...result, png }, [png.buffer]);
} catch (error) {
  parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
