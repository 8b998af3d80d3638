import CalendarDays from 'lucide-react/icons/calendar-days';
import Folder from 'lucide-react/icons/folder';
import Rss from 'lucide-react/icons/rss';
import UserPlus from 'lucide-react/icons/user-plus';
import type { FileDto } from '../../../../contract/files';
import { publicPageMessages as m } from '../../../../contract/public-pages';
import { feeds, screens } from '../../../../contract/screens';
import { buttonVariants } from '@/components/ui/button';
import { countLabel, profileDisplayName } from '@/features/profiles/profile-name';
import { cn } from '@/lib/utils';
import { ActLink, Avatar, FileTiles, Pager, ShareButton, shortDate } from './parts';

type Member = { id: number; username: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null; bio: string | null };

/** One page of a grid: its files, where it is, and whether an older page follows. */
export type GridPage = { files: readonly FileDto[]; page: number; hasMore: boolean };

export type FolderPageModel = {
  folder: { id: number; name: string; description: string | null; createdAt: string; updatedAt: string };
  owner: Member;
  ownerLinked: boolean;
  fileCount: number;
  grid: GridPage;
  url: string;
};

/** A folder on a profile: its name, visible count and up to four cover pictures. */
export type FolderCardModel = { id: number; name: string; fileCount: number; covers: readonly string[] };

export type ProfilePageModel = {
  member: Member & { followersCount: number; followingCount: number };
  fileCount: number;
  folderCount: number;
  folders: readonly FolderCardModel[];
  grid: GridPage;
  url: string;
};

function FeedLink({ href }: { href: string }) {
  return (
    <a href={href} className={cn(buttonVariants({ variant: 'ghost' }), 'rounded-full text-muted-foreground')}>
      <Rss aria-hidden />
      Feed
    </a>
  );
}

/** The files of a folder or profile, one page of them, with Newer / Older links. */
function GridSection({ id, path, grid, headingClass }: { id: string; path: string; grid: GridPage; headingClass: string }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className={headingClass}>{m.filesHeading}</h2>
      {grid.files.length ? <FileTiles files={grid.files} label={m.filesHeading} /> : <p className="rounded-2xl border border-dashed px-6 py-12 text-center text-muted-foreground">{m.noPublicFiles}</p>}
      <Pager path={path} page={grid.page} hasMore={grid.hasMore} />
    </section>
  );
}

/** `/folder/{id}` for a visitor: the folder's details and its public files. */
export function FolderView({ model }: { model: FolderPageModel }) {
  const { folder, owner } = model;
  const path = screens.folder(folder.id);
  const ownerName = profileDisplayName(owner);
  return (
    <div className="mx-auto max-w-[1600px] space-y-8 px-3 py-6 sm:px-6 sm:py-10">
      <header className="space-y-4">
        <p className="inline-flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <Folder className="size-4" aria-hidden />
          {m.publicFolder}
        </p>
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{folder.name}</h1>
        {folder.description && <p className="max-w-3xl break-words whitespace-pre-wrap text-foreground/85">{folder.description}</p>}
        <div className="flex flex-wrap items-center gap-x-5 gap-y-3 text-sm text-muted-foreground">
          {model.ownerLinked ? (
            <a href={screens.profile(owner.id)} className="inline-flex items-center gap-2 font-medium text-foreground hover:underline">
              <Avatar user={owner} size="size-7" textSize="text-[10px]" />
              {ownerName}
            </a>
          ) : (
            <span className="inline-flex items-center gap-2 font-medium text-foreground">
              <Avatar user={owner} size="size-7" textSize="text-[10px]" />
              {ownerName}
            </span>
          )}
          <span>{countLabel(model.fileCount, 'file')}</span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden />
            Updated <time dateTime={folder.updatedAt}>{shortDate(folder.updatedAt)}</time>
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <ShareButton url={model.url} title={folder.name} />
          <FeedLink href={feeds.folder(folder.id)} />
        </div>
      </header>
      <GridSection id="folder-files" path={path} grid={model.grid} headingClass="sr-only" />
    </div>
  );
}

function FolderCard({ folder }: { folder: FolderCardModel }) {
  const covers = folder.covers.slice(0, 4);
  return (
    <li>
      <a href={screens.folder(folder.id)} className="group block overflow-hidden rounded-2xl border bg-card focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <span className="grid aspect-[4/3] grid-cols-2 grid-rows-2 gap-0.5 bg-muted">
          {covers.length === 0 ? (
            <span className="col-span-2 row-span-2 flex items-center justify-center text-muted-foreground">
              <Folder className="size-10" aria-hidden />
            </span>
          ) : (
            Array.from({ length: 4 }, (_, i) => {
              const src = covers[i];
              return src ? <img key={i} src={src} alt="" loading="lazy" className="size-full object-cover" /> : <span key={i} className="bg-muted" />;
            })
          )}
        </span>
        <span className="block px-4 py-3">
          <span className="block truncate font-semibold group-hover:underline">{folder.name}</span>
          <span className="text-sm text-muted-foreground">{countLabel(folder.fileCount, 'file')}</span>
        </span>
      </a>
    </li>
  );
}

/** `/profile/{id}` for a visitor: the member, their public folders and files. */
export function ProfileView({ model }: { model: ProfilePageModel }) {
  const { member } = model;
  const path = screens.profile(member.id);
  const name = profileDisplayName(member);
  const stats = [countLabel(model.fileCount, 'file'), countLabel(model.folderCount, 'folder'), countLabel(member.followersCount, 'follower'), `${member.followingCount.toLocaleString('en-US')} following`];
  return (
    <div className="mx-auto max-w-[1600px] space-y-10 px-3 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-col items-center gap-4 text-center">
        <Avatar user={member} size="size-24 sm:size-28" textSize="text-3xl" />
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight break-words">{name}</h1>
          <p className="text-muted-foreground">@{member.username}</p>
        </div>
        {member.bio && <p className="max-w-xl break-words whitespace-pre-wrap text-foreground/85">{member.bio}</p>}
        <ul aria-label="Counts" className="flex flex-wrap justify-center gap-x-5 gap-y-1 text-sm text-muted-foreground">
          {stats.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
        <div className="flex flex-wrap justify-center gap-2">
          <ActLink returnTo={path} icon={<UserPlus aria-hidden />} className="border-transparent bg-brand-gradient text-white hover:bg-brand-gradient hover:text-white hover:brightness-110">{m.follow}</ActLink>
          <ShareButton url={model.url} title={name} />
          <FeedLink href={feeds.profile(member.id)} />
        </div>
      </header>
      {model.folders.length > 0 && (
        <section aria-labelledby="profile-folders" className="space-y-4">
          <h2 id="profile-folders" className="text-xl font-semibold tracking-tight">{m.foldersHeading}</h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-6">
            {model.folders.map((f) => (
              <FolderCard key={f.id} folder={f} />
            ))}
          </ul>
        </section>
      )}
      <GridSection id="profile-files" path={path} grid={model.grid} headingClass="text-xl font-semibold tracking-tight" />
    </div>
  );
}
