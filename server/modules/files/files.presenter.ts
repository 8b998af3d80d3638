import { endpoints } from '../../../contract/api';
import { buildPath } from '../../../contract/endpoint-path';
import type { CommentDto, FileDto, RenditionState } from '../../../contract/files';
import { fileAbilities, type Viewer } from '../../access/visibility';
import type { FileRow, FilesRepo } from './files.repo';
import type { UserRow } from '../users/users.repo';
import { avatarUrl } from '../users/users.presenter';

export function uploadUrl(key: string): string {
  return `/uploads/${key}`;
}

/** What a file card shows of its owner (contract/files.ts `fileOwner`). */
export type CardOwner = Pick<UserRow, 'id' | 'username' | 'firstName' | 'lastName' | 'profileImageKey'>;

/** Shapes a hydrated file for the viewer; URLs only, never a storage path, and what the viewer may do. */
export function toFileDto(f: FileRow, owner: CardOwner, isLiked: boolean, viewer: Viewer): FileDto {
  const contentUrl = buildPath(endpoints.getFileContent.path, { id: f.id });
  const displayKey = f.kind === 'image' ? (f.webpKey ?? f.storageKey) : null;
  return {
    id: f.id,
    userId: f.userId,
    name: f.name,
    description: f.description,
    tags: f.tags,
    fileType: f.fileType,
    kind: f.kind,
    filePath: displayKey ? uploadUrl(displayKey) : contentUrl,
    thumbnailPath: f.thumbnailKey ? uploadUrl(f.thumbnailKey) : null,
    posterPath: f.posterKey ? uploadUrl(f.posterKey) : f.previewKey ? uploadUrl(f.previewKey) : null,
    contentUrl,
    downloadUrl: buildPath(endpoints.downloadFile.path, { id: f.id }),
    ...playback(f, contentUrl),
    fileSize: f.size,
    size: f.size,
    width: f.width,
    height: f.height,
    durationSeconds: f.durationSeconds,
    placeholder: f.placeholder,
    isPublic: f.isPublic,
    isNsfw: f.isNsfw,
    sensitive: f.sensitive,
    contentWarning: f.sensitive ? f.contentWarning : null,
    alt: altOf(f),
    altText: f.altText,
    hashtags: f.hashtags,
    editedAt: f.editedAt ? f.editedAt.toISOString() : null,
    likeCount: f.likeCount,
    viewCount: f.viewCount,
    commentCount: f.commentCount,
    isLiked,
    ...fileAbilities(f, viewer),
    createdAt: f.createdAt.toISOString(),
    user: {
      id: owner.id,
      username: owner.username,
      firstName: owner.firstName,
      lastName: owner.lastName,
      profileImageUrl: avatarUrl(owner.profileImageKey),
    },
  };
}

const ALT_KIND: Partial<Record<FileRow['kind'], string>> = { image: 'Photo', video: 'Video' };

/**
 * The alt of every `<img>` of the file: what a member wrote; until then what recognition found
 * ("Photo: horse, person"), which the Edit dialog offers as a suggestion; else the name.
 */
export function altOf(f: Pick<FileRow, 'altText' | 'recognizedTags' | 'kind' | 'name'>): string {
  if (f.altText) return f.altText;
  const found = f.recognizedTags ?? [];
  const word = ALT_KIND[f.kind];
  return word && found.length ? `${word}: ${found.slice(0, 5).join(', ')}` : f.name;
}

const RENDITION: Record<NonNullable<FileRow['renditionState']>, RenditionState> = { pending: 'processing', ready: 'ready', failed: 'failed' };

/** What a player plays: the original when browsers can, its web rendition once made (media/web-playback.ts). */
function playback(f: FileRow, contentUrl: string): Pick<FileDto, 'playbackUrl' | 'rendition'> {
  const rendition = f.renditionState ? RENDITION[f.renditionState] : 'none';
  if (f.kind !== 'video' && f.kind !== 'audio') return { playbackUrl: null, rendition };
  if (rendition === 'none') return { playbackUrl: contentUrl, rendition };
  return { playbackUrl: rendition === 'ready' && f.renditionKey ? uploadUrl(f.renditionKey) : null, rendition };
}

/** A page of files for the viewer, in the order of `ids`, in one query. */
export async function presentFiles(repo: Pick<FilesRepo, 'hydrate'>, ids: number[], viewer: Viewer): Promise<FileDto[]> {
  return (await repo.hydrate(ids, viewer?.id ?? null)).map((h) => toFileDto(h.file, h.owner, h.isLiked, viewer));
}

export function toCommentDto(comment: { id: number; content: string; createdAt: Date }, author: CardOwner): CommentDto {
  return {
    id: comment.id,
    content: comment.content,
    createdAt: comment.createdAt.toISOString(),
    user: { id: author.id, username: author.username, firstName: author.firstName, lastName: author.lastName, profileImageUrl: avatarUrl(author.profileImageKey) },
  };
}
