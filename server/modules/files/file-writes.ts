import type { DomainEvent } from '../../events/domain-events';
import type { EventWriter } from '../../events/event-writer';
import type { ImageFingerprint } from '../../media/recognition/near-duplicate';
import type { FilesRepo, NewFile } from './files.repo';
import type { RecognitionFound, RecognitionRepo } from './recognition.repo';

/**
 * Files with their writes (an upload is upload.service.ts's, with its jobs): each runs in one
 * transaction that records what it did (server/events/event-table.ts: the card, the public
 * skeleton, members' grants, the neighbour index).
 */
export function createFileWrites(repo: FilesRepo, events: EventWriter) {
  return {
    ...repo,
    /** `also`: what else the change did, recorded with it (an edit's new mentions). */
    update: (id: number, values: Partial<NewFile>, also: DomainEvent[] = []) =>
      events.write(async (tx, emit) => {
        const row = await repo.update(tx, id, values);
        emit({ type: 'file.updated', fileId: id, changed: Object.keys(values) as (keyof NewFile)[] });
        also.forEach(emit);
        return row;
      }),
    delete: (id: number) =>
      events.write(async (tx, emit) => {
        await repo.delete(tx, id);
        emit({ type: 'file.deleted', fileId: id });
      }),
  };
}
export type Files = ReturnType<typeof createFileWrites>;

/**
 * Recognition's results, written by the app process and `npm run worker` alike: a tag a worker
 * writes reaches every app process's caches. A claim or a release changes nothing a card shows
 * and records nothing.
 */
export function createRecognitionWrites(repo: RecognitionRepo, events: EventWriter) {
  return {
    ...repo,
    record: (fileId: number, found: RecognitionFound) =>
      events.write(async (tx, emit) => {
        const row = await repo.record(tx, fileId, found);
        if (row) emit({ type: 'file.recognized', fileId: row.id, isNsfw: found.isNsfw, embedded: Boolean(found.fingerprint?.embedding) });
        return row;
      }),
    recordFingerprint: (file: { id: number; userId: number }, fingerprint: ImageFingerprint) =>
      events.write(async (tx, emit) => {
        await repo.recordFingerprint(tx, file, fingerprint);
        emit({ type: 'file.fingerprinted', fileId: file.id, embedded: Boolean(fingerprint.embedding) });
      }),
  };
}
export type Recognition = ReturnType<typeof createRecognitionWrites>;
