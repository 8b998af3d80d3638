import { CloudUpload, FileWarning } from 'lucide-react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { rejectionLines, UPLOAD_ACCEPT, UPLOAD_MAX_BYTES } from './upload-rules';

/** The dashed drop zone of the upload dialog with the spec's texts for each drag state. */
export function UploadDropzone({ onFiles }: { onFiles: (files: File[]) => void }) {
  function onDrop(accepted: File[], rejected: FileRejection[]) {
    if (rejected.length > 0) {
      toast({
        title: 'Upload Error',
        description: <span className="whitespace-pre-line">{rejectionLines(rejected).join('\n')}</span>,
        variant: 'destructive',
      });
    }
    onFiles(accepted);
  }

  const { getRootProps, getInputProps, isDragActive, isDragReject } = useDropzone({
    onDrop,
    accept: UPLOAD_ACCEPT,
    maxSize: UPLOAD_MAX_BYTES,
    multiple: true,
  });

  return (
    <div
      {...getRootProps({
        role: 'group',
        'aria-label': 'Choose files to upload',
        className: cn(
          'flex cursor-pointer flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed px-4 py-6 text-center sm:px-6 sm:py-10 transition-colors',
          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
          isDragReject
            ? 'border-destructive bg-destructive/5 text-destructive'
            : isDragActive
              ? 'border-primary bg-primary/5'
              : 'border-input hover:border-primary/50 hover:bg-accent/40',
        ),
      })}
      data-testid="upload-dropzone"
    >
      <input {...getInputProps()} data-testid="upload-input" />
      <span
        className={cn(
          'flex size-14 items-center justify-center rounded-2xl transition-transform',
          isDragReject ? 'bg-destructive/10' : 'bg-brand-gradient text-white shadow-lg shadow-fuchsia-500/20',
          isDragActive && !isDragReject && 'scale-110',
        )}
      >
        {isDragReject ? <FileWarning className="size-7" aria-hidden /> : <CloudUpload className="size-7" aria-hidden />}
      </span>
      {isDragReject ? (
        <p className="font-semibold">Some files are not supported</p>
      ) : isDragActive ? (
        <div>
          <p className="font-semibold text-primary">Drop your files here!</p>
          <p className="mt-1 text-sm text-muted-foreground">Release to upload your files</p>
        </div>
      ) : (
        <p className="font-semibold">Drag &amp; drop files here or click to browse</p>
      )}
      <p className="text-xs text-muted-foreground">Supports images, videos, documents • Max 10MB per file</p>
    </div>
  );
}
