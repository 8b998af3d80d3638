import { createReadStream } from 'node:fs';
import { stat as fsStat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import {
  assertValidKey,
  StorageNotFoundError,
  type ByteRange,
  type PutOptions,
  type Storage,
  type StorageBody,
  type StorageStat,
  type StoredEntry,
} from './storage';

export type S3Settings = {
  /** Null: AWS itself, found from the region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Both null: the SDK's default credential chain (environment, profile, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `bucket` in the path (MinIO, s3rver, most self-hosted servers) instead of the host name. */
  forcePathStyle: boolean;
};

/** A stream of unknown length is sent in parts of this size: at most one part is in memory. */
export const S3_PART_SIZE = 8 * 1024 * 1024;

/**
 * Storage on an S3-compatible bucket that is Kaleido's alone. Objects are private: the app
 * streams them to a viewer after the access check, never by a public bucket URL. An object
 * appears whole or not at all (S3 semantics), so there is no half-written state to sweep.
 */
export function createS3Storage(s: S3Settings): Storage {
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint ?? undefined,
    forcePathStyle: s.forcePathStyle,
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
    // Checksums only where the API requires them: many S3-compatible servers do not
    // understand the SDK's default streaming checksum trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s.bucket;

  async function put(key: string, body: StorageBody, opts: PutOptions = {}): Promise<{ size: number }> {
    assertValidKey(key);
    const ContentType = opts.contentType;
    if (Buffer.isBuffer(body)) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length, ContentType }));
      return { size: body.length };
    }
    if ('path' in body) {
      const { size } = await fsStat(body.path);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(body.path), ContentLength: size, ContentType }));
      return { size };
    }
    return putStream(key, body, ContentType);
  }

  // The first part decides: a stream that ends within it is one PutObject, a longer one a
  // multipart upload, aborted when the stream or a part fails (nothing stays stored).
  async function putStream(key: string, body: Readable, ContentType: string | undefined): Promise<{ size: number }> {
    const chunks = parts(body);
    const first = await chunks.next();
    const head = first.done ? Buffer.alloc(0) : first.value;
    // Only the last part is shorter: the stream has ended.
    if (head.length < S3_PART_SIZE) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: head, ContentLength: head.length, ContentType }));
      return { size: head.length };
    }
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType }));
    const done: { ETag: string | undefined; PartNumber: number }[] = [];
    let size = 0;
    try {
      for (let part: Buffer | undefined = head; part; ) {
        const PartNumber = done.length + 1;
        const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body: part, ContentLength: part.length }));
        done.push({ ETag, PartNumber });
        size += part.length;
        const next = await chunks.next();
        part = next.done ? undefined : next.value;
      }
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: done } }));
      return { size };
    } catch (error) {
      // Stops reading the body (the for-await in parts() destroys it) when a part failed.
      await chunks.return(undefined).catch(() => undefined);
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  async function get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    if (range && (range.start < 0 || range.end < range.start)) {
      throw new RangeError(`Invalid byte range ${range.start}-${range.end}`);
    }
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      const body = out.Body as Readable;
      if (!range) return body;
      // The caller promised the client exactly this range (Content-Length): a server that sent
      // more (s3rver answers `bytes=0-0` whole) or ignored the range is cut to it.
      const sent = /^bytes (\d+)-(\d+)\//.exec(out.ContentRange ?? '');
      const sentStart = sent ? Number(sent[1]) : 0;
      if (sent && sentStart === range.start && Number(sent[2]) === range.end) return body;
      return Readable.from(slice(body, range.start - sentStart, range.end - range.start + 1));
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async function stat(key: string): Promise<StorageStat | null> {
    assertValidKey(key);
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: out.ContentLength ?? 0, mtime: out.LastModified ?? new Date(0), etag: (out.ETag ?? '').replace(/"/g, '') };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    assertValidKey(key);
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  }

  async function* list(): AsyncIterable<StoredEntry> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key, size: o.Size ?? 0, mtime: o.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return { put, get, stat, delete: remove, list, close: async () => client.destroy() };
}

/** `length` bytes of `body` after the first `skip`; the rest is not read. */
async function* slice(body: Readable, skip: number, length: number): AsyncGenerator<Buffer> {
  let left = length;
  for await (const chunk of body) {
    let data = chunk as Buffer;
    if (skip > 0) {
      const dropped = Math.min(skip, data.length);
      data = data.subarray(dropped);
      skip -= dropped;
    }
    if (data.length === 0) continue;
    if (data.length >= left) {
      yield data.subarray(0, left);
      return;
    }
    left -= data.length;
    yield data;
  }
}

/** The stream cut into buffers of exactly S3_PART_SIZE bytes (the last one shorter). */
async function* parts(body: Readable): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    let data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    while (length + data.length >= S3_PART_SIZE) {
      const take = S3_PART_SIZE - length;
      pending.push(data.subarray(0, take));
      yield Buffer.concat(pending);
      data = data.subarray(take);
      pending = [];
      length = 0;
    }
    if (data.length) {
      pending.push(data);
      length += data.length;
    }
  }
  if (length || pending.length) yield Buffer.concat(pending);
}

function isMissing(error: unknown): boolean {
  // HeadObject answers a bare 404 ('NotFound'); GetObject names it. A missing bucket is not this.
  const name = (error as { name?: string })?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}
