import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** Younger debris may belong to an upload in flight (another process sharing DATA_DIR). */
export const SWEEP_MIN_AGE_MS = 10 * 60 * 1000;

/** local-storage.ts writes `.<name>.<random hex>.tmp` next to the target, then renames it. */
const HALF_WRITTEN = /^\..+\.[0-9a-f]+\.tmp$/;
/**
 * Ours in the system temp folder: uploads' scratch folders from before they moved under
 * DATA_DIR/tmp, and the video frame folders (server/media/video.ts) a crash left behind.
 */
const SYSTEM_TMP_OURS = /^kaleido-(?:upload|frame)-/;

type SweepOptions = {
  uploadsDir: string;
  tmpDir: string;
  referencedKeys: () => Promise<Set<string>>;
  log: FastifyBaseLogger;
  minAgeMs?: number;
  now?: number;
};

export type SweepReport = { tempFolders: number; halfWritten: number; orphans: number };

/**
 * What a crash leaves behind, removed at start-up: upload scratch folders, objects that were
 * being written (never renamed into place) and stored objects that no row references (stored,
 * then the process died before the row was written). Only what is older than `minAgeMs`.
 */
export async function sweepDebris(o: SweepOptions): Promise<SweepReport> {
  const cutoff = (o.now ?? Date.now()) - (o.minAgeMs ?? SWEEP_MIN_AGE_MS);
  const report: SweepReport = { tempFolders: 0, halfWritten: 0, orphans: 0 };
  const isOld = async (p: string) => (await fs.stat(p).catch(() => null))?.mtimeMs ?? Infinity;

  for (const name of await fs.readdir(o.tmpDir).catch(() => [])) {
    const p = path.join(o.tmpDir, name);
    if ((await isOld(p)) < cutoff) report.tempFolders += await removed(p);
  }
  for (const name of await fs.readdir(os.tmpdir()).catch(() => [])) {
    const p = path.join(os.tmpdir(), name);
    if (SYSTEM_TMP_OURS.test(name) && (await isOld(p)) < cutoff) report.tempFolders += await removed(p);
  }

  // Listed before the keys are read: an object stored after the listing is not looked at.
  const entries = await fs.readdir(o.uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  const referenced = await o.referencedKeys();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const p = path.join(entry.parentPath, entry.name);
    const key = path.relative(o.uploadsDir, p).split(path.sep).join('/');
    if (referenced.has(key) || (await isOld(p)) >= cutoff) continue;
    if (HALF_WRITTEN.test(entry.name)) report.halfWritten += await removed(p);
    else report.orphans += await removed(p);
  }
  if (report.tempFolders + report.halfWritten + report.orphans > 0) o.log.info({ sweep: report }, 'removed debris of an earlier run');
  return report;
}

async function removed(p: string): Promise<number> {
  try {
    await fs.rm(p, { recursive: true, force: true });
    return 1;
  } catch {
    return 0;
  }
}
