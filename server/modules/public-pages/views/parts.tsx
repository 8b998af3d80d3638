import type { ReactNode } from 'react';
import Share2 from 'lucide-react/icons/share-2';
import type { FileDto } from '../../../../contract/files';
import { publicPageMessages as m } from '../../../../contract/public-pages';
import { screens } from '../../../../contract/screens';
import { buttonVariants } from '@/components/ui/button';
import { KIND_GRADIENTS, iconForFile, typeLabel } from '@/features/files/file-kind';
import { profileInitials } from '@/features/profiles/profile-name';
import { cn } from '@/lib/utils';

/** Where a visitor's call to act leads: sign-up or log-in, then back to this page. */
export function authLink(tab: 'login' | 'register', returnTo: string): string {
  return screens.auth({ tab, next: returnTo });
}

/** A member's round picture, or their initials on the brand gradient. */
export function Avatar({ user, size = 'size-10', textSize = 'text-sm' }: { user: { firstName: string | null; lastName: string | null; profileImageUrl: string | null }; size?: string; textSize?: string }) {
  if (user.profileImageUrl) return <img src={user.profileImageUrl} alt="" width={80} height={80} className={cn('shrink-0 rounded-full object-cover', size)} />;
  return (
    <span aria-hidden className={cn('flex shrink-0 items-center justify-center rounded-full bg-brand-gradient font-semibold text-white', size, textSize)}>
      {profileInitials(user)}
    </span>
  );
}

/**
 * The Share button: the phone's share sheet where there is one, "Copy link" elsewhere
 * (client/public/visitor-page.js). Hidden until that script runs: without it, it could do nothing.
 */
export function ShareButton({ url, title, className }: { url: string; title: string; className?: string }) {
  return (
    <button type="button" hidden data-share-url={url} data-share-title={title} data-copy-label={m.copyLink} data-copied-label={m.linkCopied} className={cn(buttonVariants({ variant: 'outline' }), 'rounded-full', className)}>
      <Share2 aria-hidden />
      <span data-share-label>{m.share}</span>
    </button>
  );
}

/** A call to act that needs an account: a link to sign up, coming back here after. */
export function ActLink({ returnTo, icon, children, className }: { returnTo: string; icon: ReactNode; children: ReactNode; className?: string }) {
  return (
    <a href={authLink('register', returnTo)} className={cn(buttonVariants({ variant: 'outline' }), 'rounded-full', className)}>
      {icon}
      {children}
    </a>
  );
}

/** One tile of a visitor's grid: the thumbnail at its own shape, or a gradient with the file's type. */
function Tile({ file }: { file: FileDto }) {
  const picture = file.thumbnailPath ?? (file.kind === 'image' ? file.filePath : file.posterPath);
  const Icon = iconForFile(file);
  const ratio = file.width && file.height ? `${file.width} / ${file.height}` : '4 / 3';
  return (
    <li className="mb-3 break-inside-avoid sm:mb-4">
      <a href={screens.file(file.id)} className="group block overflow-hidden rounded-2xl bg-muted ring-1 ring-border/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        {picture ? (
          <img
            src={picture}
            alt={file.alt}
            loading="lazy"
            decoding="async"
            width={file.width ?? 400}
            height={file.height ?? 300}
            style={{ aspectRatio: ratio, backgroundImage: file.placeholder ? `url(${file.placeholder})` : undefined }}
            className="block h-auto w-full bg-cover object-cover transition duration-300 group-hover:scale-[1.02]"
          />
        ) : (
          <span className={cn('flex aspect-[4/3] flex-col items-center justify-center gap-2 bg-gradient-to-br p-4 text-white', KIND_GRADIENTS[file.kind])}>
            <Icon className="size-9" aria-hidden />
            <span className="text-xs font-semibold tracking-wide">{typeLabel(file)}</span>
          </span>
        )}
        <span className="block truncate px-3 py-2 text-sm font-medium">{file.name}</span>
      </a>
    </li>
  );
}

/** A masonry of files for visitors: CSS columns, so it needs no script (1, 2, 3, 4 columns as the app's grid). */
export function FileTiles({ files, label }: { files: readonly FileDto[]; label: string }) {
  return (
    <ul aria-label={label} className="columns-2 gap-3 sm:gap-4 lg:columns-3 xl:columns-4">
      {files.map((file) => (
        <Tile key={file.id} file={file} />
      ))}
    </ul>
  );
}

/** Newer / Older links between pages of a visitor's grid: plain links search engines follow too. */
export function Pager({ path, page, hasMore }: { path: string; page: number; hasMore: boolean }) {
  if (page <= 1 && !hasMore) return null;
  const at = (n: number) => (n <= 1 ? path : `${path}?page=${n}`);
  return (
    <nav aria-label="Pages" className="flex items-center justify-center gap-3 pt-4">
      {page > 1 && (
        <a href={at(page - 1)} rel="prev" className={buttonVariants({ variant: 'outline' })}>
          {m.newer}
        </a>
      )}
      {hasMore && (
        <a href={at(page + 1)} rel="next" className={buttonVariants({ variant: 'outline' })}>
          {m.older}
        </a>
      )}
    </nav>
  );
}

/** 'May 4, 2026' (server time zone: UTC), as the app's detail pane writes dates. */
export function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}
