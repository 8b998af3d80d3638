import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from './storage';

/** Younger debris may belong to an upload in flight (another process sharing the storage). */
export const SWEEP_MIN_AGE_MS = 10 * 60 * 1000;

/** local-storage.ts writes `.<name>.<random hex>.tmp` next to the target, then renames it (S3 has no such state). */
const HALF_WRITTEN = /(?:^|\/)\.[^/]+\.[0-9a-f]+\.tmp$/;
/**
 * Ours in the system temp folder: uploads' scratch folders from before they moved under
 * DATA_DIR/tmp, and the video frame and HEIC decode folders (server/media/video.ts, heif.ts) a
 * crash left behind. Web renditions work under DATA_DIR/tmp, which is swept whole.
 */
const SYSTEM_TMP_OURS = /^kaleido-(?:upload|frame|heif)-/;

type SweepOptions = {
  storage: Storage;
  /** Scratch space on this machine's disk, whichever storage driver holds the objects. */
  tmpDir: string;
  referencedKeys: () => Promise<Set<string>>;
  log: FastifyBaseLogger;
  minAgeMs?: number;
  now?: number;
};

export type SweepReport = { tempFolders: number; halfWritten: number; orphans: number };

/**
 * What a crash leaves behind, removed at start-up: upload scratch folders, objects that were
 * being written (on disk: never renamed into place) and stored objects that no row references (stored,
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

  // Listed before the keys are read: an object whose row is written meanwhile is in the key set.
  const candidates: string[] = [];
  for await (const entry of o.storage.list()) if (entry.mtime.getTime() < cutoff) candidates.push(entry.key);
  // Nothing old in storage, nothing to check: every row's keys are not read (at 100 000 files on
  // PGlite, a busy machine's start waited on them past Fastify's ten seconds for onReady).
  const referenced = candidates.length ? await o.referencedKeys() : new Set<string>();
  for (const key of candidates) {
    if (referenced.has(key)) continue;
    const gone = await o.storage.delete(key).then(() => 1, () => 0);
    if (HALF_WRITTEN.test(key)) report.halfWritten += gone;
    else report.orphans += gone;
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
