import type { FileDto } from '@contract/files';
import { endpointRoutes } from '@contract/endpoint-routes';
import { httpError } from '@/lib/api';
import { endpointUrl } from '@/lib/call';

export interface UploadFields {
  name: string;
  description: string;
  /** Comma-separated, as the form takes them. */
  tags: string;
  isPublic: boolean;
  altText?: string;
  sensitive?: boolean;
  contentWarning?: string;
  folderId?: number | null;
  /** The same for every try of one queued file, so a retry after a lost answer stores nothing twice. */
  idempotencyKey?: string;
}

export interface UploadOptions {
  file: File;
  fields: UploadFields;
  /** Bytes of the request body sent so far, out of `total`. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * `uploadFile` as multipart through XMLHttpRequest, whose upload progress events report
 * the bytes really sent (fetch has none). Sends the session cookie. A non-success answer
 * rejects with `${status}: ${body}` like every other call.
 */
export function uploadFile({ file, fields, onProgress, signal }: UploadOptions): Promise<FileDto> {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('description', fields.description);
  form.append('tags', fields.tags);
  form.append('isPublic', String(fields.isPublic));
  if (fields.altText) form.append('altText', fields.altText);
  if (fields.sensitive) form.append('sensitive', 'true');
  if (fields.sensitive && fields.contentWarning) form.append('contentWarning', fields.contentWarning);
  if (fields.folderId) form.append('folderId', String(fields.folderId));
  if (fields.idempotencyKey) form.append('idempotencyKey', fields.idempotencyKey);
  // The file goes last so the server has read the fields by the time the bytes stream in.
  form.append('file', file, file.name);

  return new Promise<FileDto>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const [method] = endpointRoutes.uploadFile;
    xhr.open(method, endpointUrl('uploadFile', { body: form }));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as FileDto);
        } catch {
          reject(new Error(`${xhr.status}: ${xhr.responseText}`));
        }
        return;
      }
      reject(httpError(xhr.status, xhr.responseText || xhr.statusText, xhr.getResponseHeader('retry-after')));
    };
    xhr.onerror = () => reject(new TypeError('Network error: the upload could not reach the server'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    if (signal) {
      if (signal.aborted) return reject(new DOMException('Upload cancelled', 'AbortError'));
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** 32 hex characters from the browser's CSPRNG (randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
