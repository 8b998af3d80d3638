import type { CommentDto, FileDto } from '../../../contract/files';
import type { FileRow, FilesRepo } from './files.repo';
import type { UserRow } from '../users/users.repo';
import { avatarUrl } from '../users/users.presenter';

export function uploadUrl(key: string): string {
  return `/uploads/${key}`;
}

/** Shapes a hydrated file for the viewer; URLs only, never a storage path. */
export function toFileDto(f: FileRow, owner: UserRow, isLiked: boolean): FileDto {
  const contentUrl = `/api/files/${f.id}/content`;
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
    downloadUrl: `/api/files/${f.id}/download`,
    fileSize: f.size,
    size: f.size,
    width: f.width,
    height: f.height,
    durationSeconds: f.durationSeconds,
    placeholder: f.placeholder,
    isPublic: f.isPublic,
    isNsfw: f.isNsfw,
    likeCount: f.likeCount,
    viewCount: f.viewCount,
    commentCount: f.commentCount,
    isLiked,
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

/** A page of files for the viewer, in the order of `ids`, in one query. */
export async function presentFiles(repo: Pick<FilesRepo, 'hydrate'>, ids: number[], viewerId: number | null): Promise<FileDto[]> {
  return (await repo.hydrate(ids, viewerId)).map((h) => toFileDto(h.file, h.owner, h.isLiked));
}

export function toCommentDto(comment: { id: number; content: string; createdAt: Date }, author: UserRow): CommentDto {
  return {
    id: comment.id,
    content: comment.content,
    createdAt: comment.createdAt.toISOString(),
    user: { id: author.id, username: author.username, firstName: author.firstName, lastName: author.lastName, profileImageUrl: avatarUrl(author.profileImageKey) },
  };
}
