import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { normalizeTags, TAG_MAX_LENGTH, TAGS_PER_FILE } from '../../../contract/files';
import type { Db, Tx } from '../../db/client';
import { fileFingerprints, files } from '../../db/schema/index';
import type { ImageFingerprint } from '../../media/recognition/near-duplicate';
import type { FingerprintsRepo } from '../similar/fingerprints.repo';
import type { FileRow } from './files.repo';

/**
 * The claimer renews its claim every CLAIM_RENEW_MS while it works; one not renewed for
 * CLAIM_STALE_MS belongs to a process that died (a SIGKILLed worker), and the work may be taken over.
 */
export const CLAIM_RENEW_MS = 10_000;
export const CLAIM_STALE_MS = 30_000;

/** What recognition found in an image. */
export type RecognitionFound = { tags: string[]; isNsfw: boolean; fingerprint?: ImageFingerprint | null };

/**
 * The once-per-image bookkeeping of recognition. Whoever recognises (the `file.uploaded` job or
 * analyze-tags) first takes the claim with a conditional UPDATE, so two never run on one image.
 */
export function createRecognitionRepo(db: Db, fingerprints: Pick<FingerprintsRepo, 'record'>) {
  return {
    /** The row when this caller now owns the work; null when it ran already, someone else runs it, or it is no image. */
    async claim(fileId: number): Promise<FileRow | null> {
      const staleBefore = new Date(Date.now() - CLAIM_STALE_MS);
      const [row] = await db
        .update(files)
        .set({ recognitionClaimedAt: new Date() })
        .where(and(eq(files.id, fileId), eq(files.kind, 'image'), isNull(files.recognizedAt), or(isNull(files.recognitionClaimedAt), lt(files.recognitionClaimedAt, staleBefore))))
        .returning();
      return row ?? null;
    },

    /** Still working on it: keeps the claim from going stale. */
    async renew(fileId: number): Promise<void> {
      await db
        .update(files)
        .set({ recognitionClaimedAt: new Date() })
        .where(and(eq(files.id, fileId), isNull(files.recognizedAt), isNotNull(files.recognitionClaimedAt)));
    },

    async release(fileId: number): Promise<void> {
      await db.update(files).set({ recognitionClaimedAt: null }).where(and(eq(files.id, fileId), isNull(files.recognizedAt)));
    },

    /** Images recognised before fingerprints existed (or whose fingerprint failed), newest first. */
    async missingFingerprints(limit: number): Promise<FileRow[]> {
      const rows = await db
        .select({ file: files })
        .from(files)
        .leftJoin(fileFingerprints, eq(fileFingerprints.fileId, files.id))
        .where(and(eq(files.kind, 'image'), isNotNull(files.recognizedAt), isNull(fileFingerprints.fileId)))
        .orderBy(desc(files.id))
        .limit(limit);
      return rows.map((r) => r.file);
    },

    /** Stores the fingerprint of an image recognised earlier (its tags stay as they are). */
    async recordFingerprint(tx: Tx, file: { id: number; userId: number }, fingerprint: ImageFingerprint): Promise<void> {
      await fingerprints.record(tx, file, fingerprint);
    },

    /**
     * Records what recognition found and merges it into the owner's tags, in `tx` under the row's
     * lock so a tag edit in between is neither lost nor overwritten; the image's fingerprint
     * (neighbours, near-duplicates) commits with it.
     */
    async record(tx: Tx, fileId: number, found: RecognitionFound): Promise<FileRow | null> {
      const [row] = await tx.select().from(files).where(eq(files.id, fileId)).for('update');
      if (!row) return null;
      const merged = normalizeTags([...row.tags, ...found.tags]).filter((t) => t.length <= TAG_MAX_LENGTH).slice(0, TAGS_PER_FILE);
      const [updated] = await tx
        .update(files)
        .set({ tags: merged, isNsfw: row.isNsfw || found.isNsfw, nsfwFlagged: row.nsfwFlagged || found.isNsfw, recognizedTags: found.tags, recognizedAt: sql`now()`, recognitionClaimedAt: null, updatedAt: new Date() })
        .where(eq(files.id, fileId))
        .returning();
      if (found.fingerprint) await fingerprints.record(tx, updated, found.fingerprint);
      return updated;
    },
  };
}
export type RecognitionRepo = ReturnType<typeof createRecognitionRepo>;
