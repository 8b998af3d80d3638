import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, fileLikes, files, folderCollaborators, folderFiles, folders, follows, messages, users } from '../../db/schema/index';
import { visibleFoldersSql } from '../../access/folder-access';
import { visibleFilesSql, type Viewer } from '../../access/visibility';

// What one member's data archive holds (docs/decisions/022, 026): their own rows, and of other
// members only what the member's own reads would show them today, by the visibility module's
// one rule for every list (files in their folders, folders they collaborate on, names of files
// they commented on or liked); public profile fields of the people they follow.

const person = { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName };

export function createArchiveContentRepo(db: Db) {
  /** The member as the viewer of their own archive (an admin sees admin-only folders). */
  async function viewerOf(userId: number): Promise<NonNullable<Viewer>> {
    const [row] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
    return { id: userId, isAdmin: row?.isAdmin ?? false };
  }

  return {
    async profile(userId: number) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          bio: users.bio,
          profileImageKey: users.profileImageKey,
          preferences: users.preferences,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async files(userId: number) {
      return db
        .select({
          id: files.id,
          name: files.name,
          description: files.description,
          tags: files.tags,
          originalName: files.originalName,
          fileType: files.fileType,
          kind: files.kind,
          size: files.size,
          isPublic: files.isPublic,
          isNsfw: files.isNsfw,
          width: files.width,
          height: files.height,
          durationSeconds: files.durationSeconds,
          likeCount: files.likeCount,
          viewCount: files.viewCount,
          commentCount: files.commentCount,
          createdAt: files.createdAt,
          storageKey: files.storageKey,
        })
        .from(files)
        .where(eq(files.userId, userId))
        .orderBy(asc(files.id));
    },

    /**
     * The member's own folders, each with the files the folder's own list shows them: a file
     * someone else saved into it appears only while the visibility module lets the member see
     * it (a private file of a folder they were removed from, or one they never had, does not).
     */
    async folders(userId: number) {
      const viewer = await viewerOf(userId);
      const own = await db
        .select({ id: folders.id, name: folders.name, description: folders.description, isPublic: folders.isPublic, createdAt: folders.createdAt })
        .from(folders)
        .where(eq(folders.userId, userId))
        .orderBy(asc(folders.id));
      const owner = alias(users, 'owner');
      const links = await db
        .select({ folderId: folderFiles.folderId, fileId: files.id, name: files.name, owner: owner.username, addedAt: folderFiles.addedAt })
        .from(folderFiles)
        .innerJoin(folders, eq(folders.id, folderFiles.folderId))
        .innerJoin(files, eq(files.id, folderFiles.fileId))
        .innerJoin(owner, eq(owner.id, files.userId))
        .where(and(eq(folders.userId, userId), visibleFilesSql(viewer)))
        .orderBy(asc(folderFiles.id));
      return own.map((f) => ({ ...f, files: links.filter((l) => l.folderId === f.id).map(({ folderId: _f, ...l }) => l) }));
    },

    /** Folders shared with the member, as their folder list shows them (an admin-only one only to admins). */
    async collaborations(userId: number) {
      const viewer = await viewerOf(userId);
      return db
        .select({ folderId: folders.id, name: folders.name, role: folderCollaborators.role, addedAt: folderCollaborators.addedAt })
        .from(folderCollaborators)
        .innerJoin(folders, eq(folders.id, folderCollaborators.folderId))
        .where(and(eq(folderCollaborators.userId, userId), visibleFoldersSql(viewer)))
        .orderBy(asc(folderCollaborators.id));
    },

    async comments(userId: number) {
      const viewer = await viewerOf(userId);
      return db
        .select({ id: comments.id, fileId: comments.fileId, fileName: sql<string | null>`CASE WHEN ${visibleFilesSql(viewer)} THEN ${files.name} END`, content: comments.content, createdAt: comments.createdAt })
        .from(comments)
        .innerJoin(files, eq(files.id, comments.fileId))
        .where(eq(comments.userId, userId))
        .orderBy(asc(comments.id));
    },

    async likes(userId: number) {
      const viewer = await viewerOf(userId);
      return db
        .select({ fileId: fileLikes.fileId, fileName: sql<string | null>`CASE WHEN ${visibleFilesSql(viewer)} THEN ${files.name} END`, likedAt: fileLikes.createdAt })
        .from(fileLikes)
        .innerJoin(files, eq(files.id, fileLikes.fileId))
        .where(eq(fileLikes.userId, userId))
        .orderBy(asc(fileLikes.createdAt));
    },

    async follows(userId: number) {
      const following = await db.select({ ...person, since: follows.createdAt }).from(follows).innerJoin(users, eq(users.id, follows.followingId)).where(eq(follows.followerId, userId)).orderBy(asc(follows.createdAt));
      const followers = await db.select({ ...person, since: follows.createdAt }).from(follows).innerJoin(users, eq(users.id, follows.followerId)).where(eq(follows.followingId, userId)).orderBy(asc(follows.createdAt));
      return { following, followers };
    },

    /** Both sides of every thread the member is in. */
    async messages(userId: number) {
      const sender = alias(users, 'sender');
      const recipient = alias(users, 'recipient');
      return db
        .select({ id: messages.id, from: sender.username, to: recipient.username, content: messages.content, createdAt: messages.createdAt, readAt: messages.readAt })
        .from(messages)
        .innerJoin(sender, eq(sender.id, messages.senderId))
        .innerJoin(recipient, eq(recipient.id, messages.recipientId))
        .where(or(eq(messages.senderId, userId), eq(messages.recipientId, userId)))
        .orderBy(asc(messages.id));
    },
  };
}
export type ArchiveContentRepo = ReturnType<typeof createArchiveContentRepo>;
