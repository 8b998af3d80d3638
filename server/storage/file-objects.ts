// The one home of a file's stored objects (Immich keeps them in its `asset_file` table): how
// each object's key is named from the upload's key base, which row column holds it, and what
// content type it is served with. Upload, delete, serving and the optimization call all read
// from here, so adding a derivative is one line, and no path can forget one.

export type ObjectRole = 'original' | 'compressed' | 'webp' | 'thumbnail' | 'poster' | 'preview' | 'rendition';

/** The columns of a file row that name its objects (a structural type, so storage needs no module import). */
export type FileObjectColumns = {
  fileType: string;
  kind: string;
  storageKey: string;
  compressedKey: string | null;
  webpKey: string | null;
  thumbnailKey: string | null;
  posterKey: string | null;
  previewKey: string | null;
  renditionKey: string | null;
};

type KeyColumn = Exclude<keyof FileObjectColumns, 'fileType' | 'kind'>;

type RoleSpec = {
  column: KeyColumn;
  /** The object's key from the key base; `ext` is the detected type's extension (original only). */
  key: (keyBase: string, ext: string) => string;
  /** Null for the original: it is served with the file's detected type. */
  contentType: string | null | ((kind: string) => string);
};

// Order matters only for listing; the key shapes are part of stored data and must not change.
const ROLES: Record<ObjectRole, RoleSpec> = {
  original: { column: 'storageKey', key: (b, ext) => `${b}_original.${ext}`, contentType: null },
  compressed: { column: 'compressedKey', key: (b) => `${b}.jpg`, contentType: 'image/jpeg' },
  webp: { column: 'webpKey', key: (b) => `${b}.webp`, contentType: 'image/webp' },
  thumbnail: { column: 'thumbnailKey', key: (b) => `thumbnails/${b}_thumb.webp`, contentType: 'image/webp' },
  poster: { column: 'posterKey', key: (b) => `${b}_poster.webp`, contentType: 'image/webp' },
  preview: { column: 'previewKey', key: (b) => `${b}_preview.webp`, contentType: 'image/webp' },
  // What browsers play when they cannot play the original (media/web-playback.ts): H.264 +
  // AAC for a video, AAC alone for audio, in MP4 either way.
  rendition: { column: 'renditionKey', key: (b) => `${b}_web.mp4`, contentType: renditionContentType },
};

export const OBJECT_ROLES = Object.keys(ROLES) as ObjectRole[];

/** The row columns that hold object keys (the start-up sweep reads exactly these). */
export const KEY_COLUMNS: KeyColumn[] = OBJECT_ROLES.map((role) => ROLES[role].column);

/** Content type of each still derivative as it is written and served. */
export function derivativeContentType(role: Exclude<ObjectRole, 'original' | 'rendition'>): string {
  return ROLES[role].contentType as string;
}

/** The web rendition's type: an MP4 either way, told apart for `<audio>` and `<video>`. */
export function renditionContentType(kind: string): string {
  return kind === 'audio' ? 'audio/mp4' : 'video/mp4';
}

/** Every key an upload with this key base may use; `ext` is the original's extension. */
export function objectKeys(keyBase: string, ext: string): Record<ObjectRole, string> {
  return Object.fromEntries(OBJECT_ROLES.map((role) => [role, ROLES[role].key(keyBase, ext)])) as Record<ObjectRole, string>;
}

// `ab/cd/<uuid>` as made by newKeyBase(). A key that is not one of the role table's names for
// its base is not ours and answers 404 without a database query.
const KEY_BASE = /^(?:thumbnails\/)?([0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36})[._]/;
const ORIGINAL_EXT = /_original\.(\w+)$/;

/** The key base a stored key belongs to, or null when the key is not shaped like one of ours. */
export function keyBaseOfKey(key: string): string | null {
  const base = KEY_BASE.exec(key)?.[1];
  if (!base) return null;
  const names = objectKeys(base, ORIGINAL_EXT.exec(key)?.[1] ?? '');
  return OBJECT_ROLES.some((role) => names[role] === key) ? base : null;
}

export type FileObject = { role: ObjectRole; key: string; contentType: string };

/** The objects a file row has, with the type each is served with. */
export function fileObjects(row: FileObjectColumns): FileObject[] {
  return OBJECT_ROLES.flatMap((role) => {
    const key = row[ROLES[role].column];
    const type = ROLES[role].contentType;
    return key ? [{ role, key, contentType: typeof type === 'function' ? type(row.kind) : (type ?? row.fileType) }] : [];
  });
}

/** The row's object stored under `key`, or undefined: only keys the row names are ever served. */
export function findFileObject(row: FileObjectColumns, key: string): FileObject | undefined {
  return fileObjects(row).find((o) => o.key === key);
}

/** The key of one role, or null when the file has no such object. */
export function objectKeyOf(row: FileObjectColumns, role: ObjectRole): string | null {
  return row[ROLES[role].column];
}

export type StoredObject = { key: string; size: number };

/** The row columns for a set of stored objects (keys and, where the table keeps them, sizes). */
export function objectColumns(objects: { original: StoredObject } & Partial<Record<ObjectRole, StoredObject>>) {
  return {
    storageKey: objects.original.key,
    compressedKey: objects.compressed?.key,
    compressedSize: objects.compressed?.size,
    webpKey: objects.webp?.key,
    webpSize: objects.webp?.size,
    thumbnailKey: objects.thumbnail?.key,
    thumbnailSize: objects.thumbnail?.size,
    posterKey: objects.poster?.key,
    previewKey: objects.preview?.key,
    renditionKey: objects.rendition?.key,
  };
}

/** The keys of objects just stored for an upload (to delete them when its row cannot be written). */
export function storedKeys(objects: Partial<Record<ObjectRole, StoredObject>>): string[] {
  return OBJECT_ROLES.flatMap((role) => (objects[role] ? [objects[role].key] : []));
}
