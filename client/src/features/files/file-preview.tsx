import { Download, ExternalLink, FileText, Music } from 'lucide-react';
import { useState } from 'react';
import type { FileDto } from '@contract/files';
import { buttonVariants } from '@/components/ui/button';
import { NsfwGuard } from '@/features/settings/nsfw-guard';
import { mediaUrl } from '@contract/card-picture';
import { cn } from '@/lib/utils';
import { iconForFile, KIND_GRADIENTS } from './file-kind';
import { AltBadge } from './alt-badge';
import { formatDuration, formatMb } from './format';
import { AudioPlayer, VideoPlayer } from './media-player';

/** The full picture: the blurred placeholder fills in until the display WebP arrives. */
function ImagePreview({ file }: { file: FileDto }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="relative flex size-full items-center justify-center">
      {!loaded && file.placeholder && (
        <img
          src={file.placeholder}
          alt=""
          aria-hidden
          className="absolute max-h-full max-w-full object-contain blur-2xl"
          style={{ aspectRatio: file.width && file.height ? `${file.width} / ${file.height}` : undefined, height: '100%' }}
        />
      )}
      <img
        src={mediaUrl(file.filePath)}
        alt={file.alt}
        onLoad={() => setLoaded(true)}
        className={cn('relative max-h-full max-w-full object-contain transition-opacity duration-300', loaded ? 'opacity-100' : 'opacity-0')}
      />
      <AltBadge file={file} />
    </div>
  );
}

/** The PDF panel: preview when there is one, the name, 'PDF', size in MB, open and download links. */
function PdfPanel({ file }: { file: FileDto }) {
  const preview = file.posterPath ?? file.thumbnailPath;
  return (
    <div className="flex size-full flex-col items-center justify-center gap-5 p-6 text-center">
      {preview ? (
        <NsfwGuard file={file} className="h-[55%] max-w-full shrink-0 rounded-lg shadow-2xl ring-1 ring-black/10">
          <img src={mediaUrl(preview)} alt={file.alt === file.name ? `First page of ${file.name}` : file.alt} className="h-full max-w-full bg-white object-contain" />
        </NsfwGuard>
      ) : (
        <span className={cn('flex size-24 items-center justify-center rounded-3xl bg-gradient-to-br text-white shadow-xl', KIND_GRADIENTS.pdf)}>
          <FileText className="size-12" aria-hidden />
        </span>
      )}
      <div className="max-w-md">
        <p className="text-lg font-semibold break-words text-white">{file.name}</p>
        <p className="mt-1 text-sm text-white/70">PDF • {formatMb(file.size)}</p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <a href={file.contentUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'secondary' })}>
          <ExternalLink aria-hidden />
          Open in a new tab
        </a>
        <a href={file.downloadUrl} download className={cn(buttonVariants({ variant: 'outline' }), 'border-white/25 bg-white/10 text-white hover:bg-white/20 hover:text-white')}>
          <Download aria-hidden />
          Download
        </a>
      </div>
    </div>
  );
}

function AudioPreview({ file }: { file: FileDto }) {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-6 p-6 text-center">
      <span className={cn('flex size-40 items-center justify-center rounded-3xl bg-gradient-to-br text-white shadow-2xl sm:size-52', KIND_GRADIENTS.audio)}>
        <Music className="size-16 sm:size-20" aria-hidden />
      </span>
      <div>
        <p className="text-lg font-semibold break-words text-white">{file.name}</p>
        {file.durationSeconds ? <p className="mt-1 text-sm text-white/70">{formatDuration(file.durationSeconds)}</p> : null}
      </div>
      <AudioPlayer file={file} />
    </div>
  );
}

function GenericPreview({ file }: { file: FileDto }) {
  const Icon = iconForFile(file);
  return (
    <div className="flex size-full flex-col items-center justify-center gap-4 p-6 text-center">
      <span className={cn('flex size-28 items-center justify-center rounded-3xl bg-gradient-to-br text-white shadow-2xl', KIND_GRADIENTS[file.kind])}>
        <Icon className="size-14" aria-hidden />
      </span>
      <p className="max-w-md text-lg font-semibold break-words text-white">{file.name}</p>
    </div>
  );
}

/** The preview pane of the detail dialog: image, video player, audio player, PDF panel or a file icon. */
export function FilePreview({ file }: { file: FileDto }) {
  switch (file.kind) {
    case 'image':
      return (
        <NsfwGuard file={file} className="size-full">
          <ImagePreview file={file} />
        </NsfwGuard>
      );
    case 'video':
      return (
        <NsfwGuard file={file} className="size-full">
          <div className="flex size-full items-center justify-center">
            <VideoPlayer file={file} />
          </div>
        </NsfwGuard>
      );
    case 'audio':
      return <AudioPreview file={file} />;
    case 'pdf':
      return <PdfPanel file={file} />;
    default:
      return <GenericPreview file={file} />;
  }
}
