import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { serverMessage, withRetryAfter } from '@/lib/api';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';
import { showDuplicateHint } from '@/features/similar/duplicate-hint';
import { watchForDuplicate } from '@/features/similar/similar-queries';
import { scheduleAutoTag } from './auto-tag';
import { refreshFileLists } from './file-queries';
import { EMPTY_UPLOAD_FORM, fieldsFor, runPercent, uploadSummary, type UploadForm, type UploadItem } from './upload-item';
import { newIdempotencyKey, uploadFile } from './upload-request';

export const AUTO_START_MS = 100;

/** A 4xx answer's message; nothing for network failures and server errors (the row says Failed). */
function refusalOf(error: unknown): string | undefined {
  const status = /^(\d{3}): /.exec(error instanceof Error ? error.message : '')?.[1];
  if (!status || Number(status) < 400 || Number(status) >= 500) return undefined;
  return serverMessage(error, '') || undefined;
}
export const CLOSE_AFTER_SUCCESS_MS = 2000;

/** The same file picked again: name, size and type match (a failed row is only ever replaced by its own file again). */
function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.type === b.type;
}

/** What the floating progress card shows about the current or last run. */
export interface UploadRun {
  total: number;
  completed: number;
  failed: number;
  percent: number;
  finished: boolean;
}

let nextId = 0;

/**
 * The upload queue: files start ~100 ms after they are added and go
 * one at a time, in order. An unauthorised answer stops the queue and sends the member to
 * sign in. After a run, completed items leave and failed ones stay; with no failures the
 * card closes after 2 s and `onAllUploaded` runs.
 */
export function useUploadQueue({ onAllUploaded }: { onAllUploaded: () => void }) {
  const client = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [form, setForm] = useState<UploadForm>(EMPTY_UPLOAD_FORM);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [run, setRun] = useState<UploadRun | null>(null);
  const itemsRef = useRef<UploadItem[]>([]);
  const formRef = useRef(form);
  formRef.current = form;
  const running = useRef(false);
  /** The member closed the card: it stays closed until the next run. */
  const cardClosed = useRef(false);
  const runIds = useRef(new Set<string>());
  const timers = useRef<{ start?: number; close?: number }>({});
  const onDone = useRef(onAllUploaded);
  onDone.current = onAllUploaded;

  const commit = useCallback((change: (current: UploadItem[]) => UploadItem[]) => {
    itemsRef.current = change(itemsRef.current);
    setItems(itemsRef.current);
  }, []);

  const patch = useCallback((id: string, values: Partial<UploadItem>) => {
    commit((current) => current.map((item) => (item.id === id ? { ...item, ...values } : item)));
  }, [commit]);

  const showProgress = useCallback((finished: boolean) => {
    if (cardClosed.current) return;
    const inRun = itemsRef.current.filter((item) => runIds.current.has(item.id) || item.status === 'pending');
    setRun({
      total: inRun.length,
      completed: inRun.filter((item) => item.status === 'completed').length,
      failed: inRun.filter((item) => item.status === 'error').length,
      percent: runPercent(inRun),
      finished,
    });
  }, []);

  const finishRun = useCallback((succeeded: number, failed: number) => {
    showProgress(true);
    for (const item of itemsRef.current) if (item.status === 'completed' && item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    commit((current) => current.filter((item) => item.status !== 'completed'));
    runIds.current = new Set();
    if (succeeded > 0) {
      toast({ title: 'Upload Complete', description: uploadSummary(succeeded, failed) });
      setForm(EMPTY_UPLOAD_FORM);
      setEditingId(null);
      void refreshFileLists(client);
    }
    // One completion notice: with a success and a failure the summary toast says
    // both counts, so the card steps aside; with no success the card alone says it failed.
    if (succeeded > 0 && failed > 0) setRun(null);
    if (succeeded > 0 && failed === 0) {
      timers.current.close = window.setTimeout(() => {
        setRun(null);
        onDone.current();
      }, CLOSE_AFTER_SUCCESS_MS);
    }
  }, [client, commit, showProgress]);

  const start = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    cardClosed.current = false;
    window.clearTimeout(timers.current.close);
    let succeeded = 0;
    let failed = 0;
    let folderFailed = false;
    for (let item = itemsRef.current.find((i) => i.status === 'pending'); item; item = itemsRef.current.find((i) => i.status === 'pending')) {
      const { id } = item;
      runIds.current.add(id);
      patch(id, { status: 'uploading', progress: 0, error: undefined });
      showProgress(false);
      try {
        // Past the member's upload budget the server answers 429: this file waits its turn and is
        // sent again (same idempotency key), so a large album is slowed, not failed.
        const uploaded = await withRetryAfter(() =>
          uploadFile({
            file: item.file,
            fields: fieldsFor(item, formRef.current),
            // Bytes sent are not yet a stored file: hold at 99 until the server answers.
            onProgress: (loaded, total) => {
              patch(id, { progress: Math.min(99, Math.round((loaded / total) * 100)) });
              showProgress(false);
            },
          }),
        );
        succeeded += 1;
        patch(id, { status: 'completed', progress: 100, uploadedId: uploaded.id });
        if (uploaded.kind === 'image') {
          scheduleAutoTag(uploaded, client, (loading) => patch(id, { autoTagLoading: loading }), { quietFailure: Boolean(item.folderId) });
          watchForDuplicate(uploaded.id, (original) => {
            patch(id, { duplicateOf: original });
            showDuplicateHint(original);
          });
        }
      } catch (error) {
        failed += 1;
        // The server's own words when it refused the file (413 for a full storage names the quota).
        patch(id, { status: 'error', progress: 0, error: refusalOf(error) });
        if (item.folderId && !isUnauthorizedError(error)) {
          console.error(`Upload failed for ${item.file.name}`, error);
          folderFailed = true;
        }
        if (isUnauthorizedError(error)) {
          running.current = false;
          showProgress(true);
          handleUnauthorized();
          return;
        }
      }
      showProgress(false);
    }
    running.current = false;
    // One toast for the run, however many of the folder's files failed.
    if (folderFailed) toast({ title: 'Error', description: 'Failed to upload files', variant: 'destructive' });
    finishRun(succeeded, failed);
  }, [client, finishRun, patch, showProgress]);

  const scheduleStart = useCallback(() => {
    window.clearTimeout(timers.current.start);
    timers.current.start = window.setTimeout(() => void start(), AUTO_START_MS);
  }, [start]);

  /**
   * Queues files; with `folderId` they go into that folder (a drop on a folder page). `wait`
   * holds them until `startPending` (files shared from the phone wait for tags and a folder).
   */
  const addFiles = useCallback((files: readonly File[], folderId?: number, opts: { wait?: boolean } = {}) => {
    if (files.length === 0) return;
    const added = files.map<UploadItem>((file, index) => ({
      id: `upload-${(nextId += 1)}`,
      file,
      folderId,
      idempotencyKey: newIdempotencyKey(),
      status: 'pending',
      progress: 0,
      previewUrl: file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined,
      batch: { index: index + 1, size: files.length },
    }));
    // A failed file picked again replaces its failed row instead of piling up beside it.
    const replaced = itemsRef.current.filter((item) => item.status === 'error' && files.some((file) => sameFile(file, item.file)));
    for (const item of replaced) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    commit((current) => [...current.filter((item) => !replaced.includes(item)), ...added]);
    // "Describe images first": pictures wait with their alt text fields until Upload is pressed.
    const describing = folderId === undefined && formRef.current.describeFirst && added.some((item) => item.previewUrl);
    if (!opts.wait && !describing) scheduleStart();
  }, [commit, scheduleStart]);

  const remove = useCallback((id: string) => {
    const item = itemsRef.current.find((i) => i.id === id);
    if (!item || (item.status !== 'pending' && item.status !== 'error')) return;
    if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    commit((current) => current.filter((i) => i.id !== id));
    setEditingId((current) => (current === id ? null : current));
  }, [commit]);

  const retry = useCallback((id: string) => {
    patch(id, { status: 'pending', progress: 0, error: undefined });
    scheduleStart();
  }, [patch, scheduleStart]);

  const customize = useCallback((id: string, values: Partial<Pick<UploadItem, 'customName' | 'customDescription' | 'customTags' | 'altText'>>) => patch(id, values), [patch]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      window.clearTimeout(pending.start);
      window.clearTimeout(pending.close);
    };
  }, []);

  const closeRun = useCallback(() => {
    cardClosed.current = true;
    setRun(null);
  }, []);

  return { items, form, setForm, editingId, setEditingId, run, closeRun, addFiles, startPending: scheduleStart, remove, retry, customize };
}
