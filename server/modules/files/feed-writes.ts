import { ALL, type InvalidationBus, type InvalidationTopic } from '../../lib/invalidation-bus';
import type { FileRow, NewFile } from './files.repo';
import { addedKey } from './reads/public-head';
import { addedEmbeddingKey, removedKey } from '../similar/similar-index';

export type Announce = (topic: InvalidationTopic, key: number | string) => Promise<void>;

/** Publishes on the bus; awaited, so a write answers once every process knows what it changed. */
export function announcer(bus: InvalidationBus): Announce {
  return (topic, key) => bus.publish(topic, String(key));
}

/**
 * What each file write changes for the read caches (docs/decisions/018). A write method not
 * named here empties every file cache (`feed`): a method added later is covered by default.
 */
export function fileWriteTopics(announce: Announce) {
  return (method: string, args: unknown[], result: unknown): Promise<unknown> => {
    if (method === 'insert') {
      const row = result as FileRow;
      // A public file joins the shared skeleton; a private one only its owner's grants (a folder
      // it was uploaded into announces its own change, after the upload commits).
      return row.isPublic ? announce('skeleton', addedKey(row.id)) : announce('grants', row.userId);
    }
    if (method === 'update') {
      const [id, values] = args as [number, Partial<NewFile>];
      const writes = [announce('file', id)];
      if ('isPublic' in values) writes.push(announce('skeleton', ALL), announce('grants', ALL));
      else if ('isNsfw' in values) writes.push(announce('skeleton', ALL));
      return Promise.all(writes);
    }
    if (method === 'delete') {
      const id = args[0] as number;
      return Promise.all([announce('file', id), announce('comments', id), announce('skeleton', ALL), announce('grants', ALL), announce('embeddings', removedKey(id))]);
    }
    return announce('feed', ALL);
  };
}

/** Likes and comments change one file's counts; a like also the liker's own marks. */
export function socialWriteTopics(announce: Announce) {
  return (method: string, args: unknown[]): Promise<unknown> => {
    const [fileId, userId] = args as [number, number];
    if (method === 'like' || method === 'unlike') return Promise.all([announce('file', fileId), announce('likes', userId)]);
    if (method === 'addComment') return Promise.all([announce('file', fileId), announce('comments', fileId)]);
    return announce('feed', ALL);
  };
}

/**
 * Folders, their links, collaborators and accepted invites change which private files members
 * see through folders (the folder grant of server/access/folder-access.ts). They are rare next to
 * likes and views, so they empty every member's grants. A link made inside another write's
 * transaction (an upload into a folder) is announced by that write once it commits.
 */
export function folderWriteTopics(announce: Announce, quiet: readonly string[] = []) {
  return (method: string, args: unknown[]): Promise<unknown> | undefined => {
    if (quiet.includes(method)) return undefined;
    if (method === 'link' && args[3] !== undefined) return undefined;
    return announce('grants', ALL);
  };
}

/**
 * A claim or a release changes nothing a card shows; a recorded result does (an NSFW flag also
 * takes the file off visitors' pages). Written by the app process and `npm run worker` alike, so
 * a tag a worker writes reaches every app process's caches.
 */
export function recognitionWriteTopics(announce: Announce) {
  return (method: string, args: unknown[], row: unknown): Promise<unknown> | undefined => {
    if (method === 'recordFingerprint') {
      const [file, fingerprint] = args as [{ id: number }, { embedding: unknown }];
      return fingerprint.embedding ? announce('embeddings', addedEmbeddingKey(file.id)) : undefined;
    }
    if (method !== 'record' || !row) return undefined;
    const found = args[1] as { isNsfw: boolean; fingerprint?: { embedding: unknown } | null };
    const id = (row as FileRow).id;
    return Promise.all([announce('file', id), found.isNsfw && announce('skeleton', ALL), found.fingerprint?.embedding && announce('embeddings', addedEmbeddingKey(id))]);
  };
}
