import { SIMILAR_MAX } from '../../../contract/similar';
import { discoveryOptions, visibleFilesSql, type Viewer } from '../../access/visibility';
import { ForbiddenError } from '../../lib/errors';
import { fileMessages } from '../../../contract/files';
import type { FileReads } from '../files/reads/file-reads';
import { jsonArray } from '../files/reads/send-json';
import type { FingerprintsRepo } from './fingerprints.repo';
import type { SimilarIndex } from './similar-index';

type Deps = { index: SimilarIndex; fingerprints: FingerprintsRepo; reads: FileReads };

/**
 * Neighbours checked for one page at most: past this many, a viewer who may see few of them (a
 * photo whose look-alikes are others' private copies) gets a shorter list, not a scan of every card.
 */
const MAX_CHECKED = 5 * SIMILAR_MAX;

/**
 * "More like this" and the upload's near-duplicate hint (docs/decisions/024-more-like-this.md).
 * Neighbours come from the in-memory index and then pass the visibility module's cached check,
 * as every feed page does: a file the viewer may not see is never a neighbour, however close.
 */
export function createSimilarService(d: Deps) {
  /** The nearest ids this viewer may see, enough for `need`, asking the index for more until it has them. */
  async function visibleNeighbours(fileId: number, vector: Int8Array, viewer: Viewer, need: number): Promise<number[]> {
    const options = discoveryOptions(viewer);
    // Nine in ten files are public on a typical instance: a quarter more than needed usually fills the page at once.
    let k = need + Math.ceil(need / 4) + 4;
    for (;;) {
      const found = d.index.nearest(vector, k + 1);
      const ranked = found.map((n) => n.id).filter((id) => id !== fileId);
      const visible = await d.reads.visibleIds(ranked, viewer, options);
      if (visible.length >= need || found.length < k + 1 || k >= MAX_CHECKED) return visible;
      k = Math.min(k * 4, MAX_CHECKED);
    }
  }

  return {
    /** `listSimilarFiles`: a feed page as JSON, or the same 404 as the detail. */
    async page(fileId: number, viewer: Viewer, page: { offset: number; limit: number }): Promise<Buffer> {
      const card = await d.reads.card(fileId, viewer);
      const end = Math.min(page.offset + page.limit, SIMILAR_MAX);
      if (page.offset >= end) return jsonArray([]);
      await d.index.ready();
      const options = discoveryOptions(viewer);
      const vector = card.shared.kind === 'image' ? await d.index.vectorOf(fileId) : null;
      if (!vector) {
        // Videos, documents and images recognised without the model: the files sharing most tags.
        const ids = await d.fingerprints.sharedTags(fileId, card.shared.tags, visibleFilesSql(viewer, options), { offset: page.offset, limit: end - page.offset });
        return d.reads.page(ids, viewer, options);
      }
      const visible = await visibleNeighbours(fileId, vector, viewer, end);
      return d.reads.page(visible.slice(page.offset, end), viewer, options);
    },

    /** `getFileDuplicate`: the owner's earlier file this one looks like. */
    async duplicate(fileId: number, viewer: NonNullable<Viewer>) {
      const card = await d.reads.card(fileId, viewer);
      if (card.userId !== viewer.id) throw new ForbiddenError(fileMessages.notOwner);
      if (card.shared.kind !== 'image') return { pending: false, duplicateOf: null };
      return d.fingerprints.duplicateOf(fileId);
    },
  };
}
export type SimilarService = ReturnType<typeof createSimilarService>;
