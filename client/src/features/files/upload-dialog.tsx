import { Plus } from 'lucide-react';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { focusedElement, returnFocus } from '@/lib/focus-return';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { UploadDropzone } from './upload-dropzone';
import { UploadFileRow } from './upload-file-row';
import { UploadFormFields } from './upload-form-fields';
import { UploadProgressCard } from './upload-progress-card';
import { useSharedFiles } from './use-shared-files';
import { useUploadQueue } from './use-upload-queue';

const OpenUploadContext = createContext<(() => void) | null>(null);
const FolderUploadContext = createContext<((files: readonly File[], folderId: number) => void) | null>(null);

function isInsideProgressCard(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[data-upload-progress]') !== null;
}

/**
 * Holds the upload queue, its dialog and the floating progress
 * card above the routes, so an upload keeps going while the member moves between screens.
 */
export function UploadProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const queue = useUploadQueue({ onAllUploaded: () => setOpen(false) });
  const { items, addFiles } = queue;
  // The button that opened the dialog gets focus back when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const openDialog = () => {
    opener.current = focusedElement();
    setOpen(true);
  };
  useSharedFiles(
    useCallback((files: File[]) => {
      addFiles(files, undefined, { wait: true });
      setOpen(true);
    }, [addFiles]),
  );
  const waiting = items.filter((item) => item.status === 'pending').length;
  const idle = !items.some((item) => item.status === 'uploading');

  return (
    <OpenUploadContext.Provider value={openDialog}>
      <FolderUploadContext.Provider value={queue.addFiles}>{children}</FolderUploadContext.Provider>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="max-w-2xl gap-5"
          onPointerDownOutside={(event) => isInsideProgressCard(event.target) && event.preventDefault()}
          onInteractOutside={(event) => isInsideProgressCard(event.target) && event.preventDefault()}
          onCloseAutoFocus={(event) => returnFocus(opener.current) && event.preventDefault()}
          // Focus the dialog rather than the Name field: on phones a focused field opens the keyboard over the drop zone.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.target as HTMLElement | null)?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Upload Files</DialogTitle>
            <DialogDescription>
              Share images, videos, audio and documents.{' '}
              {queue.form.describeFirst ? 'Pictures wait for their alt text until you press Upload.' : 'Uploads start as soon as you add files.'}
            </DialogDescription>
          </DialogHeader>
          <UploadFormFields form={queue.form} onChange={queue.setForm} />
          <UploadDropzone onFiles={(files) => queue.addFiles(files)} />
          {items.length > 0 && (
            <section aria-labelledby="selected-files-heading" className="space-y-2">
              <h3 id="selected-files-heading" className="text-sm font-semibold">
                Selected Files ({items.length})
              </h3>
              <ul className="max-h-72 space-y-2 overflow-y-auto pr-1">
                {items.map((item) => (
                  <UploadFileRow
                    key={item.id}
                    item={item}
                    editing={queue.editingId === item.id}
                    onToggleEdit={() => queue.setEditingId(queue.editingId === item.id ? null : item.id)}
                    onRemove={() => queue.remove(item.id)}
                    onRetry={() => queue.retry(item.id)}
                    onCustomize={(values) => queue.customize(item.id, values)}
                  />
                ))}
              </ul>
            </section>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Close
            </Button>
            {waiting > 0 && idle && (
              <Button variant="brand" onClick={queue.startPending}>
                Upload {waiting} {waiting === 1 ? 'file' : 'files'}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <UploadProgressCard run={queue.run} onClose={queue.closeRun} />
    </OpenUploadContext.Provider>
  );
}

/** The header's upload button: opens the upload dialog of the surrounding `UploadProvider`. */
export function UploadButton() {
  const openUpload = useContext(OpenUploadContext);
  if (!openUpload) return null;
  return (
    <Button variant="brand" onClick={openUpload} className="h-9 rounded-full px-3 sm:px-4" aria-label="Upload files">
      <Plus className="size-4" aria-hidden />
      <span className="hidden sm:inline">Upload</span>
    </Button>
  );
}

/** Opens the upload dialog from anywhere inside the `UploadProvider` (the empty feed's Upload button). */
export function useOpenUpload(): (() => void) | null {
  return useContext(OpenUploadContext);
}

/** Queues files straight into a folder (a drop on the folder page), through the same queue and progress card. */
export function useFolderUpload(): ((files: readonly File[], folderId: number) => void) | null {
  return useContext(FolderUploadContext);
}
