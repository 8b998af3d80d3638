import { Download, FileWarning, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { playbackMessages } from '@contract/file-rules';
import type { FileDto } from '@contract/files';
import { buttonVariants } from '@/components/ui/button';
import { mediaUrl } from '@contract/card-picture';
import { cn } from '@/lib/utils';

/**
 * The detail view's player. It plays `playbackUrl`: the original when browsers can, else its
 * web rendition. While the rendition is made it shows the poster and "Processing…" (the file
 * is asked again meanwhile, use-file-detail.ts); when there is none, or this browser still
 * cannot play what it got, it says so and offers the original for download. Never a black box.
 */
export function VideoPlayer({ file }: { file: FileDto }) {
  const [failed, setFailed] = useState(false);
  const poster = file.posterPath ? mediaUrl(file.posterPath) : undefined;
  if (file.playbackUrl && !failed) {
    return (
      <video
        key={file.playbackUrl}
        data-testid="video-player"
        controls
        playsInline
        preload="metadata"
        poster={poster}
        src={file.playbackUrl}
        onError={() => setFailed(true)}
        className="max-h-full max-w-full rounded-lg"
      >
        <a href={file.downloadUrl}>Download {file.name}</a>
      </video>
    );
  }
  return (
    <div className="relative flex size-full items-center justify-center">
      {poster && <img src={poster} alt="" aria-hidden className="max-h-full max-w-full rounded-lg object-contain opacity-40" />}
      <div className="absolute inset-0 flex items-center justify-center p-6">
        <PlaybackNotice file={file} state={!failed && file.rendition === 'processing' ? 'processing' : 'unplayable'} />
      </div>
    </div>
  );
}

/** The audio player, with the same states as the video one. */
export function AudioPlayer({ file }: { file: FileDto }) {
  const [failed, setFailed] = useState(false);
  if (file.playbackUrl && !failed) {
    return (
      <audio key={file.playbackUrl} data-testid="audio-player" controls preload="metadata" src={file.playbackUrl} onError={() => setFailed(true)} className="w-full max-w-md">
        <a href={file.downloadUrl}>Download {file.name}</a>
      </audio>
    );
  }
  return <PlaybackNotice file={file} state={!failed && file.rendition === 'processing' ? 'processing' : 'unplayable'} />;
}

function PlaybackNotice({ file, state }: { file: FileDto; state: 'processing' | 'unplayable' }) {
  if (state === 'processing') {
    return (
      <p role="status" data-testid="playback-processing" className="inline-flex items-center gap-2 rounded-full bg-black/70 px-4 py-2 text-sm font-semibold text-white shadow-lg backdrop-blur">
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
        {playbackMessages.processing}
      </p>
    );
  }
  const message = file.kind === 'audio' ? playbackMessages.unplayableAudio : playbackMessages.unplayableVideo;
  return (
    <div data-testid="playback-unplayable" className="flex max-w-sm flex-col items-center gap-3 rounded-2xl bg-zinc-900/85 px-6 py-5 text-center text-white shadow-xl ring-1 ring-white/10 backdrop-blur">
      <FileWarning className="size-8 text-white/80" aria-hidden />
      <p className="text-sm font-medium">{message}</p>
      <a href={file.downloadUrl} download className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }))}>
        <Download aria-hidden />
        Download
      </a>
    </div>
  );
}
