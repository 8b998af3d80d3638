import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../../server/storage/s3-storage';

// s3rver ships no types: the part of it used here.
type S3rverOptions = { address: string; port: number; silent: boolean; directory: string; configureBuckets: { name: string }[] };
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance;

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  settings: S3Settings;
  /** The app's settings for this server, to pass as environment (`STORAGE=s3` and the `S3_*` names). */
  env: Record<string, string>;
  /** The keys stored in the bucket, read from s3rver's folder: independent of the driver under test. */
  keys(): Promise<string[]>;
  /** Sets an object's Last-Modified (s3rver reads it from its file's mtime), to make debris "old". */
  setModified(key: string, when: Date): Promise<void>;
  stop(): Promise<void>;
};

/** A real S3-protocol server (s3rver) on a free loopback port, over a temp folder, with one empty bucket. */
export async function startS3Server(bucket = 'kaleido-test'): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const root = path.join(directory, bucket);
  // s3rver keeps object `a/b` as `<bucket>/a/b._S3rver_object` (plus metadata siblings).
  const SUFFIX = '._S3rver_object';
  // s3rver's one account.
  const settings: S3Settings = { endpoint, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  return {
    endpoint,
    bucket,
    settings,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((e) => e.isFile() && e.name.endsWith(SUFFIX))
        .map((e) => path.relative(root, path.join(e.parentPath, e.name.slice(0, -SUFFIX.length))).split(path.sep).join('/'))
        .sort();
    },
    async setModified(key, when) {
      await fs.utimes(path.join(root, ...key.split('/')) + SUFFIX, when, when);
    },
    async stop() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
