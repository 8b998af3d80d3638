import { describe, expect, it } from 'vitest';
import { fileObjects, findFileObject, keyBaseOfKey, objectColumns, objectKeys, storedKeys } from './file-objects';
import { newKeyBase } from './storage';

describe('file objects', () => {
  const base = newKeyBase();
  const keys = objectKeys(base, 'png');

  it('names every object from the key base', () => {
    expect(keys).toEqual({
      original: `${base}_original.png`,
      compressed: `${base}.jpg`,
      webp: `${base}.webp`,
      thumbnail: `thumbnails/${base}_thumb.webp`,
      poster: `${base}_poster.webp`,
      preview: `${base}_preview.webp`,
      rendition: `${base}_web.mp4`,
    });
  });

  it('finds the key base of each of those keys, and of nothing else', () => {
    for (const key of Object.values(keys)) expect(keyBaseOfKey(key), key).toBe(base);
    for (const key of [`${base}.png`, `../${base}.webp`, `${base}_thumb.webp.exe`, 'ab/cd/short.webp']) expect(keyBaseOfKey(key), key).toBeNull();
  });

  it('lists a row’s objects with the type each is served with; only named keys are found', () => {
    const row = objectColumns({ original: { key: keys.original, size: 9 }, compressed: { key: keys.compressed, size: 5 }, thumbnail: { key: keys.thumbnail, size: 1 } });
    // As the database hands it back: absent objects are null.
    const full = { fileType: 'image/png', kind: 'image', storageKey: row.storageKey, compressedKey: keys.compressed, webpKey: null, thumbnailKey: keys.thumbnail, posterKey: null, previewKey: null, renditionKey: null };
    expect(fileObjects(full)).toEqual([
      { role: 'original', key: keys.original, contentType: 'image/png' },
      { role: 'compressed', key: keys.compressed, contentType: 'image/jpeg' },
      { role: 'thumbnail', key: keys.thumbnail, contentType: 'image/webp' },
    ]);
    expect(findFileObject(full, keys.webp)).toBeUndefined();
    expect(row).toMatchObject({ storageKey: keys.original, compressedSize: 5, thumbnailSize: 1, webpKey: undefined });
  });

  it('serves a web rendition as video or audio MP4 by the file’s kind', () => {
    const video = { fileType: 'video/quicktime', kind: 'video', storageKey: `${base}_original.mov`, compressedKey: null, webpKey: null, thumbnailKey: null, posterKey: null, previewKey: null, renditionKey: keys.rendition };
    expect(findFileObject(video, keys.rendition)).toEqual({ role: 'rendition', key: keys.rendition, contentType: 'video/mp4' });
    expect(findFileObject({ ...video, kind: 'audio', fileType: 'audio/x-matroska' }, keys.rendition)?.contentType).toBe('audio/mp4');
    expect(findFileObject(video, video.storageKey)?.contentType).toBe('video/quicktime');
  });

  it('lists the keys just stored for an upload', () => {
    expect(storedKeys({ original: { key: 'a', size: 1 }, poster: { key: 'b', size: 2 } })).toEqual(['a', 'b']);
  });
});
