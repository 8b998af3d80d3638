import type { FileReads } from '../modules/files/reads/file-reads';
import type { PublicPagesService } from '../modules/public-pages/public-pages.service';
import type { CacheCounts } from './metrics';

/**
 * The app's caches by name, as the cache metrics label them: the members' read paths (feed
 * pages, lists, one file, comments: answered from memory or not), the keyed caches under them,
 * and visitors' pages as sent.
 */
export function cacheCounts(reads: FileReads, publicPages: PublicPagesService): Record<string, CacheCounts> {
  const { caches, ...paths } = reads.stats();
  const out: Record<string, CacheCounts> = {};
  for (const [name, c] of Object.entries(paths)) out[`read-${name}`] = { hits: c.fromMemory, misses: c.served - c.fromMemory };
  for (const [name, c] of Object.entries(caches)) out[name] = c;
  out['public-pages'] = publicPages.stats();
  return out;
}
