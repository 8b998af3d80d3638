import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { fileFingerprints, files } from '../../db/schema/index';
import { isNearDuplicate, type ImageFingerprint } from '../../media/recognition/near-duplicate';
import { hammingDistance } from '../../media/recognition/perceptual-hash';
import { cosine } from '../../media/recognition/embedding';

const asInt8 = (bytes: Uint8Array | null): Int8Array | null => (bytes ? new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null);
const asBytes = (v: Int8Array | null): Uint8Array | null => (v ? new Uint8Array(v.buffer, v.byteOffset, v.byteLength) : null);

/** The closest of the uploader's earlier images that `fp` is a near-duplicate of, or null. */
function closestDuplicate(fp: ImageFingerprint, earlier: { fileId: number; phash: string; embedding: Uint8Array | null }[]): number | null {
  let best: { id: number; score: number } | null = null;
  for (const row of earlier) {
    const other = { phash: row.phash, embedding: asInt8(row.embedding) };
    if (!isNearDuplicate(fp, other)) continue;
    // Fewer differing hash bits first, then the closer embedding.
    const score = -(fp.phash && other.phash ? hammingDistance(fp.phash, other.phash) : 64) + (fp.embedding && other.embedding ? cosine(fp.embedding, other.embedding) : 0);
    if (!best || score > best.score) best = { id: row.fileId, score };
  }
  return best?.id ?? null;
}

/** The rows behind "More like this" and the upload's near-duplicate hint (docs/decisions/024). */
export function createFingerprintsRepo(db: Db) {
  return {
    /**
     * Stores a recognised image's fingerprint, in the recognition's transaction, with the member's
     * own earlier upload it duplicates (only their own files are compared).
     */
    async record(tx: Tx, file: { id: number; userId: number }, fp: ImageFingerprint): Promise<void> {
      const earlier = await tx
        .select({ fileId: fileFingerprints.fileId, phash: fileFingerprints.phash, embedding: fileFingerprints.embedding })
        .from(fileFingerprints)
        .innerJoin(files, eq(files.id, fileFingerprints.fileId))
        .where(and(eq(files.userId, file.userId), lt(fileFingerprints.fileId, file.id)));
      const values = { phash: fp.phash, embedding: asBytes(fp.embedding), duplicateOf: closestDuplicate(fp, earlier) };
      await tx
        .insert(fileFingerprints)
        .values({ fileId: file.id, ...values })
        .onConflictDoUpdate({ target: fileFingerprints.fileId, set: values });
    },

    /** Every stored embedding, for a process's neighbour index at start. */
    async allEmbeddings(): Promise<{ fileId: number; embedding: Int8Array }[]> {
      const rows = await db
        .select({ fileId: fileFingerprints.fileId, embedding: fileFingerprints.embedding })
        .from(fileFingerprints)
        .where(isNotNull(fileFingerprints.embedding))
        .orderBy(fileFingerprints.fileId);
      return rows.map((r) => ({ fileId: r.fileId, embedding: asInt8(r.embedding)! }));
    },

    async embedding(fileId: number): Promise<Int8Array | null> {
      const [row] = await db.select({ embedding: fileFingerprints.embedding }).from(fileFingerprints).where(eq(fileFingerprints.fileId, fileId));
      return asInt8(row?.embedding ?? null);
    },

    /** The earlier upload a file duplicates, with its name; `pending` until recognition has run. */
    async duplicateOf(fileId: number): Promise<{ pending: boolean; duplicateOf: { id: number; name: string } | null }> {
      const original = alias(files, 'original');
      const [row] = await db
        .select({ recognizedAt: files.recognizedAt, id: original.id, name: original.name })
        .from(files)
        .leftJoin(fileFingerprints, eq(fileFingerprints.fileId, files.id))
        .leftJoin(original, eq(original.id, fileFingerprints.duplicateOf))
        .where(eq(files.id, fileId));
      if (!row) return { pending: false, duplicateOf: null };
      return { pending: row.recognizedAt === null, duplicateOf: row.id !== null && row.name !== null ? { id: row.id, name: row.name } : null };
    },

    /**
     * Visible files sharing the most tags with `tags` (the fallback for files with no embedding),
     * most shared tags first, then newest. `visible` is the visibility module's condition.
     */
    async sharedTags(fileId: number, tags: string[], visible: ReturnType<typeof sql>, page: { offset: number; limit: number }): Promise<number[]> {
      if (!tags.length) return [];
      const tagArray = sql`${`{${tags.map((t) => `"${t.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
      const rows = await db
        .select({ id: files.id })
        .from(files)
        .where(and(sql`${files.tags} && ${tagArray}`, sql`${files.id} <> ${fileId}`, visible))
        .orderBy(desc(sql`cardinality(array(select unnest(${files.tags}) intersect select unnest(${tagArray})))`), desc(files.id))
        .limit(page.limit)
        .offset(page.offset);
      return rows.map((r) => r.id);
    },
  };
}
export type FingerprintsRepo = ReturnType<typeof createFingerprintsRepo>;
