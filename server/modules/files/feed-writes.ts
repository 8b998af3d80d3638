import { afterWrites } from '../../lib/after-writes';
import { ALL, type InvalidationBus } from '../../lib/invalidation-bus';
import { createFilesRepo } from './files.repo';
import { createRecognitionRepo } from './recognition.repo';
import type { Db } from '../../db/client';

/**
 * The file repositories whose writes change feed pages, wrapped to announce them on the bus:
 * the app process and `npm run worker` (recognition results) both build them here, so a tag
 * written by a worker empties every app process's feed cache.
 */
export function feedWritingRepos(db: Db, bus: InvalidationBus) {
  const touchesFeed = () => bus.publish('feed', ALL);
  return {
    touchesFeed,
    files: afterWrites(createFilesRepo(db), touchesFeed),
    // A claim or a release changes nothing a card shows; a recorded result does.
    recognition: afterWrites(createRecognitionRepo(db), (method, _args, row) => (method === 'record' && row ? touchesFeed() : undefined)),
  };
}
export type FeedWritingRepos = ReturnType<typeof feedWritingRepos>;
