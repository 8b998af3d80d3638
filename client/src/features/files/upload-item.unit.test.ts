import { describe, expect, it } from 'vitest';
import { EMPTY_UPLOAD_FORM, fieldsFor, isCustomized, runPercent, uploadSummary, type UploadItem } from './upload-item';

const item = (over: Partial<UploadItem> = {}): UploadItem => ({ id: 'a', file: new File(['x'], 'photo.jpg'), idempotencyKey: 'key-0123456789', status: 'pending', progress: 0, ...over });

describe('fieldsFor', () => {
  it('uses the custom name, else the form name, else the file name', () => {
    expect(fieldsFor(item({ customName: 'Mine' }), { ...EMPTY_UPLOAD_FORM, name: 'Form' }).name).toBe('Mine');
    expect(fieldsFor(item(), { ...EMPTY_UPLOAD_FORM, name: 'Form' }).name).toBe('Form');
    expect(fieldsFor(item({ customName: '  ' }), EMPTY_UPLOAD_FORM).name).toBe('photo.jpg');
  });
  it("prefers custom tags and description, sends isPublic from the form and the item's idempotency key", () => {
    const form = { name: '', description: 'all', tags: 'a, b', isPublic: false };
    expect(fieldsFor(item({ customTags: 'c' }), form)).toEqual({ name: 'photo.jpg', description: 'all', tags: 'c', isPublic: false, idempotencyKey: 'key-0123456789' });
  });
});

describe('a drop on a folder page', () => {
  it('sends the file public, named by the file, with empty description and tags, into the folder (spec 2 §4)', () => {
    const form = { name: 'Global', description: 'all', tags: 'a, b', isPublic: false };
    expect(fieldsFor(item({ folderId: 7 }), form)).toEqual({ name: 'photo.jpg', description: '', tags: '', isPublic: true, folderId: 7, idempotencyKey: 'key-0123456789' });
  });
});

describe('upload item helpers', () => {
  it('marks an item customised when any custom field has text', () => {
    expect(isCustomized(item())).toBe(false);
    expect(isCustomized(item({ customDescription: 'x' }))).toBe(true);
  });
  it('averages progress across the run', () => {
    expect(runPercent([])).toBe(0);
    expect(runPercent([{ progress: 100 }, { progress: 50 }, { progress: 0 }])).toBe(50);
  });
  it('words the summary as the spec does', () => {
    expect(uploadSummary(2, 1)).toBe('2 file(s) uploaded successfully, 1 failed');
  });
});
