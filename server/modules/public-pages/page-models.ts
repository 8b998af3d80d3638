import type { CommentDto, FileDto } from '../../../contract/files';
import { profileTitle } from '../../../contract/page-titles';
import { profileDisplayName } from '@/features/profiles/profile-name';
import { canViewProfile } from '../../access/profile-access';
import { discoveryOptions, findVisibleFile } from '../../access/visibility';
import { NotFoundError } from '../../lib/errors';
import { objectKeyOf } from '../../storage/file-objects';
import { uploadUrl } from '../files/files.presenter';
import type { FilesRepo } from '../files/files.repo';
import type { FileReads } from '../files/reads/file-reads';
import type { FoldersRepo } from '../folders/folders.repo';
import type { SimilarService } from '../similar/similar.service';
import { avatarUrl } from '../users/users.presenter';
import type { UserRow, UsersRepo } from '../users/users.repo';
import { allowsIndexing } from '../users/preferences';
import type { PublicPagesRepo } from './public-pages.repo';
import { NEUTRAL_CARD_PATH, shareImageOf, type ShareImage } from './share-image';
import type { FolderPageModel, GridPage, ProfilePageModel } from './views/collection-views';
import type { FilePageModel } from './views/file-view';
import { endpoints } from '../../../contract/api';
import { buildPath } from '../../../contract/endpoint-path';

/** Files on one page of a visitor's grid. */
export const GRID_PAGE = 24;
/** Comments a visitor's file page shows (oldest first, as members read them); the rest after signing up. */
export const VISITOR_COMMENTS = 50;
/** Neighbours under a file for visitors. */
export const VISITOR_SIMILAR = 12;
/** Entries of an Atom feed. */
export const FEED_ENTRIES = 30;

type Deps = {
  reads: FileReads;
  similar: SimilarService;
  files: Pick<FilesRepo, 'findOneWhere'>;
  users: Pick<UsersRepo, 'findById'>;
  folders: Pick<FoldersRepo, 'findVisible'>;
  pages: PublicPagesRepo;
};

/** What a page says of itself beyond its body: the owner's indexing choice, its picture for previews, who and what it shows. */
export type Loaded<Model> = { model: Model; indexable: boolean; image: ShareImage | null; members: number[]; files: number[]; description: string; title: string };

/** A page the read caches serialized (checked against the contract when cached). */
const parseFiles = (json: Buffer) => JSON.parse(json.toString()) as FileDto[];

type Member = Pick<UserRow, 'id' | 'username' | 'firstName' | 'lastName' | 'profileImageKey' | 'bio'>;
function memberView(u: Member) {
  return { id: u.id, username: u.username, firstName: u.firstName, lastName: u.lastName, profileImageUrl: avatarUrl(u.profileImageKey), bio: u.bio };
}

/** A kind in words for a description without one of its own: 'Photo', 'Video'… */
const KIND_WORDS: Record<FileDto['kind'], string> = { image: 'Photo', video: 'Video', audio: 'Audio', pdf: 'PDF', document: 'Document' };

/**
 * Loads what visitors' pages show (docs/decisions/031), each read through the visibility module
 * with the visitor (null) as the viewer: files through the cached cards every feed page checks
 * (`reads`), neighbours through "More like this", folders and lists through the repositories'
 * SQL. Anything a visitor may not see answers NotFoundError, as it does for members.
 */
export function createPageModels(d: Deps) {
  const shareImagePath = (id: number) => buildPath(endpoints.getFileShareImage.path, { id });

  /** The owner behind a public thing, and whether their profile page is open to visitors. */
  async function ownerOf(id: number): Promise<{ row: UserRow; linked: boolean }> {
    const row = await d.users.findById(id);
    if (!row) throw new NotFoundError();
    return { row, linked: canViewProfile(row, null) };
  }

  async function grid(ids: number[]): Promise<FileDto[]> {
    return parseFiles(await d.reads.page(ids, null, discoveryOptions(null)));
  }

  /** The newest visible picture among `files`, for a folder's or profile's preview. */
  async function coverImage(files: readonly FileDto[]): Promise<ShareImage | null> {
    const first = files.find((f) => f.kind === 'image' && !f.isNsfw);
    return first ? fileImage(first) : null;
  }

  async function fileImage(file: FileDto): Promise<ShareImage | null> {
    if (file.isNsfw) return null;
    const compressed = file.kind === 'image' ? await compressedPath(file.id) : null;
    return shareImageOf(file, shareImagePath(file.id), compressed);
  }

  /** The JPEG copy of an image, read through the same rule (a row the visitor may not see has none). */
  async function compressedPath(id: number): Promise<string | null> {
    const row = await findVisibleFile(d.files, id, null).catch(() => null);
    const key = row ? objectKeyOf(row, 'compressed') : null;
    return key ? uploadUrl(key) : null;
  }

  return {
    shareImagePath,

    async file(id: number, url: string): Promise<Loaded<FilePageModel>> {
      const card = await d.reads.card(id, null);
      const file: FileDto = { ...card.shared, isLiked: false, canEdit: false, canDelete: false };
      const [owner, comments, similar, image] = await Promise.all([
        ownerOf(file.userId),
        d.reads.commentsPage(id, null, { offset: 0, limit: VISITOR_COMMENTS }).then((json) => JSON.parse(json.toString()) as CommentDto[]),
        d.similar.page(id, null, { offset: 0, limit: VISITOR_SIMILAR }).then(parseFiles),
        fileImage(file),
      ]);
      const ownerName = profileDisplayName(file.user);
      const description = file.isNsfw ? `Shared by ${ownerName} on Kaleido.` : file.description.trim() || `${KIND_WORDS[file.kind]} by ${ownerName} on Kaleido.${file.tags.length ? ` ${file.tags.map((t) => `#${t}`).join(' ')}` : ''}`;
      return {
        model: { file, ownerLinked: owner.linked, comments, similar, url },
        indexable: allowsIndexing(owner.row.preferences),
        image,
        title: file.name,
        description,
        members: [file.userId, ...comments.map((c) => c.user.id), ...similar.map((f) => f.userId)],
        files: [id, ...similar.map((f) => f.id)],
      };
    },

    async folder(id: number, page: number, url: string): Promise<Loaded<FolderPageModel>> {
      const folder = await d.folders.findVisible(id, null);
      if (!folder) throw new NotFoundError();
      const [owner, fileCount, ids] = await Promise.all([
        ownerOf(folder.userId),
        d.pages.countFolderFiles(id),
        d.pages.folderFileIds(id, { offset: (page - 1) * GRID_PAGE, limit: GRID_PAGE + 1 }),
      ]);
      const files = await grid(ids.slice(0, GRID_PAGE));
      const gridPage: GridPage = { files, page, hasMore: ids.length > GRID_PAGE };
      const ownerName = profileDisplayName(owner.row);
      return {
        model: {
          folder: { id: folder.id, name: folder.name, description: folder.description, createdAt: folder.createdAt.toISOString(), updatedAt: folder.updatedAt.toISOString() },
          owner: memberView(owner.row),
          ownerLinked: owner.linked,
          fileCount,
          grid: gridPage,
          url,
        },
        indexable: allowsIndexing(owner.row.preferences),
        image: await coverImage(files),
        title: folder.name,
        description: folder.description?.trim() || `A public folder by ${ownerName} on Kaleido, with ${fileCount === 1 ? '1 file' : `${fileCount} files`}.`,
        members: [folder.userId, ...files.map((f) => f.userId)],
        files: files.map((f) => f.id),
      };
    },

    async profile(id: number, page: number, url: string): Promise<Loaded<ProfilePageModel>> {
      const row = await d.users.findById(id);
      if (!row || !canViewProfile(row, null)) throw new NotFoundError();
      const [fileCount, folderCount, folders, ids] = await Promise.all([
        d.pages.countOwnerFiles(id),
        d.pages.countOwnerFolders(id),
        page === 1 ? d.pages.ownerFolders(id, 12) : Promise.resolve([]),
        d.pages.ownerFileIds(id, { offset: (page - 1) * GRID_PAGE, limit: GRID_PAGE + 1 }),
      ]);
      const files = await grid(ids.slice(0, GRID_PAGE));
      const name = profileDisplayName(row);
      return {
        model: {
          member: { ...memberView(row), followersCount: row.followersCount, followingCount: row.followingCount },
          fileCount,
          folderCount,
          folders: folders.map((f) => ({ id: f.id, name: f.name, fileCount: f.fileCount, covers: f.covers.map((c) => uploadUrl(c.thumbnailKey ?? c.webpKey ?? '')).filter((p) => p !== uploadUrl('')) })),
          grid: { files, page, hasMore: ids.length > GRID_PAGE },
          url,
        },
        indexable: allowsIndexing(row.preferences),
        image: await coverImage(files),
        title: profileTitle(name, row.username),
        description: row.bio?.trim() || `${name} (@${row.username}) shares ${fileCount === 1 ? '1 file' : `${fileCount} files`} on Kaleido.`,
        members: [id, ...files.map((f) => f.userId)],
        files: files.map((f) => f.id),
      };
    },

    /** The newest files of a feed (a member's or a folder's), as visitors may see them. */
    async feedFiles(ids: number[]): Promise<FileDto[]> {
      return grid(ids);
    },
  };
}
export type PageModels = ReturnType<typeof createPageModels>;

/** The neutral picture previews show when a page has none of its own (or only a sensitive one). */
export const NEUTRAL_IMAGE: ShareImage = { path: NEUTRAL_CARD_PATH, width: 1200, height: 630, type: 'image/png' };
