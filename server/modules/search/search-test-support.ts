import crypto from 'node:crypto';
import type { Db } from '../../db/client';
import { files, folders } from '../../db/schema/index';

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
