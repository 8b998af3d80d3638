import { customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { files } from './files';

/** bytea as bytes: node-postgres answers a Buffer, PGlite a Uint8Array; both are Uint8Array. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * One row per recognised image (decision 024): what finds its
 * neighbours and its near-duplicates. Kept out of `files` so that card reads never carry it.
 */
export const fileFingerprints = pgTable('file_fingerprints', {
  fileId: integer('file_id')
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  /** 64-bit DCT perceptual hash, 16 hex digits (server/media/recognition/perceptual-hash.ts). */
  phash: text('phash').notNull(),
  /** 256 int8 numbers (recognition/embedding.ts); null when recognition ran without its model (AUTOTAG=off). */
  embedding: bytes('embedding'),
  /** The uploader's own earlier file this one looks like, decided once when it was recognised. */
  duplicateOf: integer('duplicate_of').references(() => files.id, { onDelete: 'set null' }),
});
