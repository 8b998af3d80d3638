import type { UploadFields } from './upload-request';

export type UploadStatus = 'pending' | 'uploading' | 'completed' | 'error';

/** One selected file in the upload dialog. */
export interface UploadItem {
  id: string;
  file: File;
  /** Sent with every try of this file: the server answers a retry with the first upload. */
  idempotencyKey: string;
  status: UploadStatus;
  /** 0–100, from the bytes sent. */
  progress: number;
  uploadedId?: number;
  /** Why the server refused it (a full storage, a type it does not take…), shown on the item. */
  error?: string;
  customName?: string;
  customDescription?: string;
  customTags?: string;
  /** What the picture shows, for screen readers (images only). */
  altText?: string;
  autoTagLoading?: boolean;
  /** Set for a drop on a folder page: the file goes into that folder. */
  folderId?: number;
  /** The member's own earlier file this image looks like (decision 024), once the server fingerprinted it. */
  duplicateOf?: { id: number; name: string };
  /** An object URL for image previews; revoked when the item leaves. */
  previewUrl?: string;
  /** Its place among the files added together: a Name typed for several files is numbered per file. */
  batch?: { index: number; size: number };
}

export interface UploadForm {
  name: string;
  description: string;
  tags: string;
  isPublic: boolean;
  /** The author's content warning on every file of the upload, with its optional text. */
  sensitive: boolean;
  contentWarning: string;
  /** Pictures wait in the list, each with its alt text field, until the member presses Upload. */
  describeFirst: boolean;
}

/** Upload form defaults: empty texts, public, no content warning. */
export const EMPTY_UPLOAD_FORM: UploadForm = { name: '', description: '', tags: '', isPublic: true, sensitive: false, contentWarning: '', describeFirst: false };

export function isCustomized(item: UploadItem): boolean {
  return Boolean(item.customName?.trim() || item.customDescription?.trim() || item.customTags?.trim());
}

/**
 * The fields sent for an item: its own values first, then the form's; the name falls back to the
 * file name. A folder upload is public with empty description and tags.
 */
export function fieldsFor(item: UploadItem, form: UploadForm): UploadFields {
  if (item.folderId) {
    return { name: item.customName?.trim() || item.file.name, description: '', tags: '', isPublic: true, altText: item.altText?.trim() ?? '', folderId: item.folderId, idempotencyKey: item.idempotencyKey };
  }
  return {
    name: item.customName?.trim() || batchName(form.name.trim(), item.batch) || item.file.name,
    description: item.customDescription?.trim() || form.description,
    tags: item.customTags?.trim() || form.tags,
    isPublic: form.isPublic,
    altText: item.altText?.trim() ?? '',
    sensitive: form.sensitive,
    contentWarning: form.sensitive ? form.contentWarning.trim() : '',
    idempotencyKey: item.idempotencyKey,
  };
}

/** The form's Name for one file of a batch: as typed for a single file, numbered "Name (2 of 3)" for several. */
export function batchName(name: string, batch: UploadItem['batch']): string {
  if (!name || !batch || batch.size <= 1) return name;
  return `${name} (${batch.index} of ${batch.size})`;
}

/** Whole-run progress: the mean of the items' progress, 0–100. */
export function runPercent(items: readonly Pick<UploadItem, 'progress'>[]): number {
  if (items.length === 0) return 0;
  return Math.round(items.reduce((sum, item) => sum + item.progress, 0) / items.length);
}

/** The progress card's title once a run ends: 'Upload Complete' only when every file made it (decision 030). */
export function runTitle(completed: number, failed: number): string {
  if (failed === 0) return 'Upload Complete';
  return completed === 0 ? 'Upload Failed' : 'Upload Finished';
}

/** The summary toast's text. */
export function uploadSummary(succeeded: number, failed: number): string {
  return `${succeeded} file(s) uploaded successfully, ${failed} failed`;
}
