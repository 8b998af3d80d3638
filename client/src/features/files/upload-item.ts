import type { UploadFields } from './upload-request';

export type UploadStatus = 'pending' | 'uploading' | 'completed' | 'error';

/** One selected file in the upload dialog (spec 2 §3 Upload item). */
export interface UploadItem {
  id: string;
  file: File;
  /** Sent with every try of this file: the server answers a retry with the first upload. */
  idempotencyKey: string;
  status: UploadStatus;
  /** 0–100, from the bytes sent. */
  progress: number;
  uploadedId?: number;
  customName?: string;
  customDescription?: string;
  customTags?: string;
  autoTagLoading?: boolean;
  /** Set for a drop on a folder page: the file goes into that folder. */
  folderId?: number;
  /** The member's own earlier file this image looks like (issue 22), once the server fingerprinted it. */
  duplicateOf?: { id: number; name: string };
  /** An object URL for image previews; revoked when the item leaves. */
  previewUrl?: string;
}

export interface UploadForm {
  name: string;
  description: string;
  tags: string;
  isPublic: boolean;
}

/** Upload form defaults (spec 2 §3): empty texts, public. */
export const EMPTY_UPLOAD_FORM: UploadForm = { name: '', description: '', tags: '', isPublic: true };

export function isCustomized(item: UploadItem): boolean {
  return Boolean(item.customName?.trim() || item.customDescription?.trim() || item.customTags?.trim());
}

/**
 * The fields sent for an item: its own values first, then the form's; the name falls back to the
 * file name. A folder upload is public with empty description and tags (spec 2 §4 Folder upload).
 */
export function fieldsFor(item: UploadItem, form: UploadForm): UploadFields {
  if (item.folderId) {
    return { name: item.customName?.trim() || item.file.name, description: '', tags: '', isPublic: true, folderId: item.folderId, idempotencyKey: item.idempotencyKey };
  }
  return {
    name: item.customName?.trim() || form.name.trim() || item.file.name,
    description: item.customDescription?.trim() || form.description,
    tags: item.customTags?.trim() || form.tags,
    isPublic: form.isPublic,
    idempotencyKey: item.idempotencyKey,
  };
}

/** Whole-run progress: the mean of the items' progress, 0–100. */
export function runPercent(items: readonly Pick<UploadItem, 'progress'>[]): number {
  if (items.length === 0) return 0;
  return Math.round(items.reduce((sum, item) => sum + item.progress, 0) / items.length);
}

/** The summary toast's text (spec 2 §8). */
export function uploadSummary(succeeded: number, failed: number): string {
  return `${succeeded} file(s) uploaded successfully, ${failed} failed`;
}
