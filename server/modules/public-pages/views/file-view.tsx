import Bookmark from 'lucide-react/icons/bookmark';
import Download from 'lucide-react/icons/download';
import EyeOff from 'lucide-react/icons/eye-off';
import FileText from 'lucide-react/icons/file-text';
import Heart from 'lucide-react/icons/heart';
import Images from 'lucide-react/icons/images';
import MessageCircle from 'lucide-react/icons/message-circle';
import { PostText } from '@/components/post-text';
import type { CommentDto, FileDto } from '../../../../contract/files';
import { publicPageMessages as m } from '../../../../contract/public-pages';
import { screens } from '../../../../contract/screens';
import { similarStrings } from '../../../../contract/similar-strings';
import { buttonVariants } from '@/components/ui/button';
import { KIND_GRADIENTS, iconForFile, typeLabel } from '@/features/files/file-kind';
import { countLabel, profileDisplayName } from '@/features/profiles/profile-name';
import { cn } from '@/lib/utils';
import { ActLink, Avatar, authLink, FileTiles, ShareButton, shortDate } from './parts';

export type FilePageModel = {
  file: FileDto;
  /** Whether the owner's profile page is open to visitors (else their name is not a link). */
  ownerLinked: boolean;
  comments: readonly CommentDto[];
  similar: readonly FileDto[];
  /** The page's absolute URL (what Share gives). */
  url: string;
};

/** The picture's sizes for the browser's pick: the full width on a phone, the left column on a wide screen. */
export const PREVIEW_SIZES = '(min-width: 1024px) 60vw, 100vw';

/** `thumb 400w, display Nw`: the two copies every image has, for the browser to choose from. */
export function previewSrcSet(file: FileDto): string | undefined {
  if (file.kind !== 'image' || !file.thumbnailPath || !file.width) return undefined;
  return `${file.thumbnailPath} 400w, ${file.filePath} ${Math.min(file.width, 2048)}w`;
}

function Picture({ file }: { file: FileDto }) {
  return (
    <img
      src={file.filePath}
      srcSet={previewSrcSet(file)}
      sizes={PREVIEW_SIZES}
      alt={file.alt}
      width={file.width ?? undefined}
      height={file.height ?? undefined}
      fetchPriority="high"
      decoding="async"
      className="mx-auto block max-h-[75vh] w-auto max-w-full rounded-xl object-contain"
    />
  );
}

/** The image, the player or the document's panel: what a member's page shows, without its controls. */
function Preview({ file }: { file: FileDto }) {
  if (file.kind === 'image') return <Picture file={file} />;
  if (file.kind === 'video' && file.playbackUrl) {
    return <video controls preload="metadata" playsInline poster={file.posterPath ?? undefined} src={file.playbackUrl} aria-label={file.name} className="mx-auto block max-h-[75vh] w-full rounded-xl bg-black" />;
  }
  const Icon = iconForFile(file);
  if (file.kind === 'audio' && file.playbackUrl) {
    return (
      <div className="flex w-full flex-col items-center gap-6 py-12">
        <span className={cn('flex size-28 items-center justify-center rounded-3xl bg-gradient-to-br text-white', KIND_GRADIENTS.audio)}>
          <Icon className="size-12" aria-hidden />
        </span>
        <audio controls preload="metadata" src={file.playbackUrl} aria-label={file.name} className="w-full max-w-lg" />
      </div>
    );
  }
  return (
    <div className="flex w-full flex-col items-center gap-4 py-10 text-center">
      {file.posterPath ? (
        <img src={file.posterPath} alt={file.alt} width={file.width ?? undefined} height={file.height ?? undefined} className="max-h-[60vh] w-auto max-w-full rounded-xl bg-white object-contain shadow" />
      ) : (
        <span className={cn('flex size-28 items-center justify-center rounded-3xl bg-gradient-to-br text-white', KIND_GRADIENTS[file.kind])}>
          <Icon className="size-12" aria-hidden />
        </span>
      )}
      <span className="text-sm font-semibold tracking-wide text-zinc-300">{typeLabel(file)}</span>
      <a href={file.contentUrl} target="_blank" rel="noopener" className={buttonVariants({ variant: 'secondary' })}>
        {file.kind === 'pdf' ? <FileText aria-hidden /> : <Download aria-hidden />}
        {file.kind === 'pdf' ? m.openPdf : m.download}
      </a>
    </div>
  );
}

/** A sensitive file: a neutral panel first; the visitor chooses to see it (no script needed). */
function SensitivePreview({ file }: { file: FileDto }) {
  return (
    <details className="group w-full">
      <summary className="flex cursor-pointer list-none flex-col items-center gap-3 py-16 text-center text-zinc-100 group-open:hidden [&::-webkit-details-marker]:hidden">
        <EyeOff className="size-10" aria-hidden />
        <span className="text-lg font-semibold">{m.sensitiveTitle}</span>
        <span className="text-sm text-zinc-300">{m.sensitiveText}</span>
        <span className={cn(buttonVariants({ variant: 'secondary' }), 'mt-2 rounded-full')}>{m.showSensitive}</span>
      </summary>
      <Preview file={file} />
    </details>
  );
}

function CommentList({ file, comments, path }: { file: FileDto; comments: readonly CommentDto[]; path: string }) {
  return (
    <section aria-labelledby="comments-heading" className="space-y-4">
      <h2 id="comments-heading" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        <MessageCircle className="size-5 text-muted-foreground" aria-hidden />
        {m.comments} ({file.commentCount})
      </h2>
      {comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.noComments}</p>
      ) : (
        <ol className="space-y-4">
          {comments.map((c) => (
            <li key={c.id} className="flex gap-3">
              <Avatar user={c.user} size="size-9" textSize="text-xs" />
              <div className="min-w-0 flex-1 rounded-2xl bg-muted/60 px-4 py-2.5">
                <p className="text-sm">
                  <span className="font-semibold">{profileDisplayName(c.user, 'Anonymous')}</span>{' '}
                  <time dateTime={c.createdAt} className="text-xs text-muted-foreground">{shortDate(c.createdAt)}</time>
                </p>
                <p className="mt-0.5 text-sm break-words whitespace-pre-wrap"><PostText text={c.content} /></p>
              </div>
            </li>
          ))}
        </ol>
      )}
      {file.commentCount > comments.length && (
        <a href={authLink('register', path)} className="inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">{m.moreComments}</a>
      )}
      <div className="rounded-2xl border border-dashed p-5 text-center">
        <p className="font-semibold">{m.joinConversation}</p>
        <p className="mt-1 text-sm text-muted-foreground">{m.joinConversationText}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <a href={authLink('login', path)} className={cn(buttonVariants({ variant: 'outline' }), 'rounded-full')}>{m.logIn}</a>
          <a href={authLink('register', path)} className={cn(buttonVariants({ variant: 'brand' }), 'rounded-full')}>{m.signUp}</a>
        </div>
      </div>
    </section>
  );
}

/** `/file/{id}` for a visitor: the picture or player, its details, counts, comments and "More like this". */
export function FileView({ model }: { model: FilePageModel }) {
  const { file } = model;
  const path = screens.file(file.id);
  const owner = profileDisplayName(file.user);
  const ownerBlock = (
    <>
      <Avatar user={file.user} />
      <span className="min-w-0">
        <span className="block truncate font-semibold">{owner}</span>
        <span className="block truncate text-sm text-muted-foreground">@{file.user.username}</span>
      </span>
    </>
  );
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-3 py-5 sm:px-6 sm:py-8">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_420px] lg:gap-10">
        <div className="flex min-h-[40vh] items-center justify-center overflow-hidden rounded-3xl bg-zinc-950 p-2 shadow-sm ring-1 ring-border sm:p-4">
          {file.isNsfw ? <SensitivePreview file={file} /> : <Preview file={file} />}
        </div>
        <article aria-labelledby="file-title" className="min-w-0 space-y-6">
          {model.ownerLinked ? (
            <a href={screens.profile(file.userId)} className="flex items-center gap-3 rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">{ownerBlock}</a>
          ) : (
            <div className="flex items-center gap-3">{ownerBlock}</div>
          )}
          <div className="space-y-2">
            <h1 id="file-title" className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{file.name}</h1>
            <p className="text-sm text-muted-foreground">
              <time dateTime={file.createdAt}>{shortDate(file.createdAt)}</time>
            </p>
          </div>
          {file.description && !file.isNsfw && <p className="break-words whitespace-pre-wrap text-foreground/85"><PostText text={file.description} /></p>}
          {file.tags.length > 0 && (
            <ul aria-label="Tags" className="flex flex-wrap gap-2">
              {file.tags.map((tag) => (
                <li key={tag}>
                  <a href={screens.search({ q: tag })} className="inline-flex items-center rounded-full bg-secondary px-3 py-1 text-sm text-secondary-foreground hover:bg-secondary/75">#{tag}</a>
                </li>
              ))}
            </ul>
          )}
          <p className="flex gap-5 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5"><Heart className="size-4" aria-hidden />{countLabel(file.likeCount, 'like')}</span>
            <span className="inline-flex items-center gap-1.5"><MessageCircle className="size-4" aria-hidden />{countLabel(file.commentCount, 'comment')}</span>
          </p>
          <div className="flex flex-wrap gap-2">
            <ActLink returnTo={path} icon={<Heart aria-hidden />}>{m.like}</ActLink>
            <ActLink returnTo={path} icon={<Bookmark aria-hidden />}>{m.save}</ActLink>
            <ShareButton url={model.url} title={file.name} />
          </div>
          <CommentList file={file} comments={model.comments} path={path} />
        </article>
      </div>
      {model.similar.length > 0 && (
        <section aria-labelledby="more-like-this" className="space-y-4">
          <h2 id="more-like-this" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <Images className="size-5 text-muted-foreground" aria-hidden />
            {similarStrings.section}
          </h2>
          <FileTiles files={model.similar} label={similarStrings.section} />
        </section>
      )}
    </div>
  );
}
