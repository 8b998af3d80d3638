import { describe, expect, it } from 'vitest';
import { EMPTY_UPLOAD_FORM, fieldsFor, isCustomized, runPercent, runTitle, uploadSummary, type UploadItem } from './upload-item';

const item = (over: Partial<UploadItem> = {}): UploadItem => ({ id: 'a', file: new File(['x'], 'photo.jpg'), idempotencyKey: 'key-0123456789', status: 'pending', progress: 0, ...over });

describe('fieldsFor', () => {
  it('uses the custom name, else the form name, else the file name', () => {
    expect(fieldsFor(item({ customName: 'Mine' }), { ...EMPTY_UPLOAD_FORM, name: 'Form' }).name).toBe('Mine');
    expect(fieldsFor(item(), { ...EMPTY_UPLOAD_FORM, name: 'Form' }).name).toBe('Form');
    expect(fieldsFor(item({ customName: '  ' }), EMPTY_UPLOAD_FORM).name).toBe('photo.jpg');
  });
  it("prefers custom tags and description, sends isPublic from the form and the item's idempotency key", () => {
    const form = { ...EMPTY_UPLOAD_FORM, description: 'all', tags: 'a, b', isPublic: false };
    expect(fieldsFor(item({ customTags: 'c' }), form)).toEqual({ name: 'photo.jpg', description: 'all', tags: 'c', isPublic: false, altText: '', sensitive: false, contentWarning: '', idempotencyKey: 'key-0123456789' });
  });
  it("sends each image's own alt text, and the form's content warning only when marked sensitive", () => {
    const form = { ...EMPTY_UPLOAD_FORM, sensitive: true, contentWarning: ' Spoilers ' };
    expect(fieldsFor(item({ altText: ' A red kite ' }), form)).toMatchObject({ altText: 'A red kite', sensitive: true, contentWarning: 'Spoilers' });
    expect(fieldsFor(item(), { ...form, sensitive: false })).toMatchObject({ altText: '', sensitive: false, contentWarning: '' });
  });
});

describe('a Name typed before dropping several files', () => {
  it('numbers it per file, so no two files get the same name; one file gets it as typed', () => {
    const form = { ...EMPTY_UPLOAD_FORM, name: 'Holiday' };
    expect(fieldsFor(item({ batch: { index: 1, size: 2 } }), form).name).toBe('Holiday (1 of 2)');
    expect(fieldsFor(item({ batch: { index: 2, size: 2 } }), form).name).toBe('Holiday (2 of 2)');
    expect(fieldsFor(item({ batch: { index: 1, size: 1 } }), form).name).toBe('Holiday');
    expect(fieldsFor(item({ batch: { index: 2, size: 2 }, customName: 'Own' }), form).name).toBe('Own');
  });
});

describe('the progress card once a run ends', () => {
  it("says 'Upload Complete' only when every file made it", () => {
    expect(runTitle(2, 0)).toBe('Upload Complete');
    expect(runTitle(1, 1)).toBe('Upload Finished');
    expect(runTitle(0, 1)).toBe('Upload Failed');
  });
});

describe('a drop on a folder page', () => {
  it('sends the file public, named by the file, with empty description and tags, into the folder', () => {
    const form = { ...EMPTY_UPLOAD_FORM, name: 'Global', description: 'all', tags: 'a, b', isPublic: false };
    expect(fieldsFor(item({ folderId: 7 }), form)).toEqual({ name: 'photo.jpg', description: '', tags: '', isPublic: true, altText: '', folderId: 7, idempotencyKey: 'key-0123456789' });
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
