import { CloudUpload } from 'lucide-react';
import { useImperativeHandle, type ReactNode, type Ref } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { toast } from '@/components/ui/use-toast';
import { useFolderUpload } from '@/features/files/upload-dialog';
import { rejectionLines, UPLOAD_ACCEPT, UPLOAD_MAX_BYTES } from '@/features/files/upload-rules';
import { cn } from '@/lib/utils';

export interface FolderDropZoneHandle {
  /** Opens the file picker (the menu's Upload Files). */
  browse: () => void;
}

/**
 * Drag-and-drop upload into a folder for its owner and editors: dropped files go
 * through the member's upload queue with the folder's id, so the progress card reports them.
 */
export function FolderDropZone({ folderId, enabled, children, ref }: { folderId: number; enabled: boolean; children: ReactNode; ref?: Ref<FolderDropZoneHandle> }) {
  const upload = useFolderUpload();
  function onDrop(accepted: File[], rejected: FileRejection[]) {
    if (rejected.length > 0) {
      toast({ title: 'Upload Error', description: <span className="whitespace-pre-line">{rejectionLines(rejected).join('\n')}</span>, variant: 'destructive' });
    }
    if (accepted.length > 0) upload?.(accepted, folderId);
  }
  const { getRootProps, getInputProps, isDragActive, isDragReject, open } = useDropzone({
    onDrop,
    accept: UPLOAD_ACCEPT,
    maxSize: UPLOAD_MAX_BYTES,
    multiple: true,
    noClick: true,
    noKeyboard: true,
    disabled: !enabled || !upload,
  });
  useImperativeHandle(ref, () => ({ browse: open }), [open]);

  if (!enabled) return <>{children}</>;
  return (
    <div {...getRootProps({ className: 'relative min-h-[50vh]' })} data-testid="folder-dropzone">
      <input {...getInputProps()} data-testid="folder-upload-input" />
      {children}
      {isDragActive && (
        <div className={cn('pointer-events-none absolute inset-0 z-30 flex flex-col items-center justify-start gap-2 rounded-3xl border-2 border-dashed pt-32 text-center backdrop-blur-sm', isDragReject ? 'border-destructive bg-destructive/10 text-destructive' : 'border-primary bg-primary/10')}>
          <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-gradient text-white shadow-lg"><CloudUpload className="size-7" aria-hidden /></span>
          {isDragReject ? (
            <p className="font-semibold">Some files are not supported</p>
          ) : (
            <>
              <p className="font-semibold text-primary">Drop your files here!</p>
              <p className="text-sm text-muted-foreground">Release to upload your files</p>
            </>
          )}
        </div>
      )}
    </div>
  );
}
