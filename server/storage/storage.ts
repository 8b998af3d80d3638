import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

// The I/O boundary for every stored byte, with two drivers: local disk (local-storage.ts) and
// S3-compatible object storage (s3-storage.ts), chosen by `STORAGE` (create-storage.ts). Kept
// narrow (no prefixes, no filesystem paths in results): a tool that needs a path works on the
// upload's own scratch file, and serving streams what `get` answers.
export interface Storage {
  /** Stores `body` under `key`, replacing any previous object; readers never see a partial one. */
  put(key: string, body: StorageBody, opts?: PutOptions): Promise<{ size: number }>;
  /** Streams the object; `range` is inclusive on both ends, like an HTTP Range header. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<StorageStat | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored object, in no particular order (the start-up sweep looks for orphans). */
  list(): AsyncIterable<StoredEntry>;
  /** Releases connections (S3); the storage is not used afterwards. */
  close(): Promise<void>;
}

export type StorageBody = Buffer | Readable | { path: string };

export interface PutOptions {
  // Local disk ignores it (serving derives the type from the extension); S3 needs it.
  contentType?: string;
}

export interface ByteRange {
  start: number;
  end: number;
}

export interface StorageStat {
  size: number;
  mtime: Date;
  /** Changes whenever the bytes may have changed; opaque, without quotes. */
  etag: string;
}

export interface StoredEntry {
  key: string;
  size: number;
  mtime: Date;
}

export class StorageNotFoundError extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`Stored object not found: ${key}`);
    this.name = 'StorageNotFoundError';
    this.key = key;
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;

// Keys come partly from our own code and partly (extensions) from detected types, never from
// user input, but a key is still a path on disk: only plain relative segments are allowed.
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) throw new InvalidStorageKeyError(key);
  const segments = key.split('/');
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..' || segment.includes('..')) {
      throw new InvalidStorageKeyError(key);
    }
  }
}

// Two levels of fan-out (`ab/cd/<uuid>`) keep any one directory small on local disk and
// spread keys across S3 partitions.
export function newKeyBase(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}
