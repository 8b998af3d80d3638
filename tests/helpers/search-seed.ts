import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { files, folders } from '../../server/db/schema/index';

// Rows written straight to the database: search reads only columns, so no bytes need uploading.

type FileSeed = {
  name: string;
  description?: string;
  tags?: string[];
  kind?: 'image' | 'video' | 'audio' | 'pdf' | 'document';
  isPublic?: boolean;
  likeCount?: number;
  viewCount?: number;
};

const MEDIA: Record<NonNullable<FileSeed['kind']>, string> = {
  image: 'image/png',
  video: 'video/mp4',
  audio: 'audio/mpeg',
  pdf: 'application/pdf',
  document: 'application/msword',
};

export async function seedFile(db: Db, userId: number, f: FileSeed): Promise<number> {
  const kind = f.kind ?? 'image';
  const keyBase = `t/${crypto.randomUUID()}`;
  const [row] = await db
    .insert(files)
    .values({
      userId,
      name: f.name,
      description: f.description ?? '',
      tags: f.tags ?? [],
      originalName: f.name,
      fileType: MEDIA[kind],
      kind,
      size: 100,
      keyBase,
      storageKey: `${keyBase}/original`,
      isPublic: f.isPublic ?? true,
      likeCount: f.likeCount ?? 0,
      viewCount: f.viewCount ?? 0,
    })
    .returning({ id: files.id });
  return row.id;
}

export async function seedFolder(db: Db, userId: number, f: { name: string; description?: string; isPublic?: boolean }): Promise<number> {
  const [row] = await db
    .insert(folders)
    .values({ userId, name: f.name, description: f.description ?? null, isPublic: f.isPublic ?? true })
    .returning({ id: folders.id });
  return row.id;
}

/**
 * `n` files of one owner in one statement, named `{name} 1` … `{name} n` and tagged `tag`, newest
 * last. For searches past SEARCH_COUNT_CAP; `kind` document, so a card needs no thumbnail.
 */
export async function seedMany(db: Db, userId: number, n: number, opts: { name: string; tag: string; isPublic: boolean }): Promise<number[]> {
  const base = `many/${crypto.randomUUID()}/`;
  const result = await db.execute<{ id: number }>(sql`
    insert into files (user_id, name, description, tags, original_name, file_type, kind, size, key_base, storage_key, is_public)
    select ${userId}, ${opts.name} || ' ' || g, '', array[${opts.tag}]::text[], 'notes.doc', 'application/msword', 'document', 100,
           ${base} || g, ${base} || g || '/original', ${opts.isPublic}
    from generate_series(1, ${n}) g
    order by g
    returning id`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
}
