import type { MessageDto } from '../../contract/messages';
import type { NewFile } from '../modules/files/files.repo';
import type { NewUser } from '../modules/users/users.repo';

/**
 * What a write did, as data (docs/decisions/038-events-as-data.md). The service that writes
 * records one of these in the write's transaction (server/events/event-writer.ts);
 * server/events/event-table.ts says, for each, which cached reads it makes stale, which jobs it
 * queues and which live frames it publishes. Ids only, plus what the table needs to decide.
 */
export type DomainEvents = {
  /** Member `ownerId` uploaded file `fileId` (into folder `folderId`, which they may edit, when not null). */
  'file.uploaded': { fileId: number; ownerId: number; isPublic: boolean; folderId: number | null; needsRendition: boolean; mentions: boolean };
  /** Columns of file `fileId` changed (an edit, a tag change, a moderator's mark, a finished rendition). */
  'file.updated': { fileId: number; changed: (keyof NewFile)[] };
  /** File `fileId`'s description, as member `userId` edited it, mentions members. */
  'file.described': { fileId: number; userId: number };
  'file.deleted': { fileId: number };
  /** Recognition's result was recorded: `isNsfw` as found, `embedded` when a fingerprint with an embedding came with it. */
  'file.recognized': { fileId: number; isNsfw: boolean; embedded: boolean };
  /** The fingerprint of an image recognised earlier was stored. */
  'file.fingerprinted': { fileId: number; embedded: boolean };
  /** A new like row (a repeated like records nothing). */
  'like.added': { fileId: number; userId: number };
  /** A like taken back (a repeated unlike records nothing). */
  'like.removed': { fileId: number; userId: number };
  'comment.added': { commentId: number; fileId: number };
  'comment.deleted': { commentId: number; fileId: number };
  /** A new follow row (a repeated follow records nothing). */
  'follow.added': { followerId: number; followingId: number };
  'follow.removed': { followerId: number; followingId: number };
  'user.created': { userId: number };
  /** Columns of member `userId`'s row changed (`preferences` for a merge of preferences). */
  'user.updated': { userId: number; changed: (keyof NewUser)[] };
  /** A member asked for their account to go: signed out and hidden now, removed by a job. */
  'account.deletion-requested': { userId: number };
  /** The `account.delete` job removed member `userId`'s rows, with their files `fileIds` (none when already gone). */
  'account.purged': { userId: number; fileIds: number[] };
  /** Member archive `archiveId` was requested (a pending row): its job builds it (docs/decisions/022). */
  'archive.requested': { archiveId: number };
  /** A new block row (a repeated block records nothing); `collaborationsEnded` when it ended one on either's folder. */
  'block.added': { blockerId: number; blockedId: number; collaborationsEnded: boolean };
  'block.removed': { blockerId: number; blockedId: number };
  /** A new mute row (a repeated mute records nothing). */
  'mute.added': { muterId: number; mutedId: number };
  'mute.removed': { muterId: number; mutedId: number };
  /** An admin suspended member `userId` (their sessions ended with it), or lifted it. */
  'member.suspended': { userId: number };
  'member.unsuspended': { userId: number };
  'folder.created': { folderId: number };
  'folder.updated': { folderId: number };
  'folder.deleted': { folderId: number };
  /** Member `userId` linked file `fileId` into folder `folderId` (a new link). */
  'file.saved': { fileId: number; folderId: number; userId: number };
  'file.unsaved': { fileId: number; folderId: number };
  /** Member `userId` collaborates on folder `folderId` (added, or their role set again by an owner). */
  'collaborator.added': { folderId: number; userId: number };
  'collaborator.role-changed': { folderId: number; userId: number };
  'collaborator.removed': { folderId: number; userId: number };
  /** An invite; `addressed` when it names one member (a link invite is for anyone). */
  'invite.created': { inviteId: number; addressed: boolean };
  'invite.accepted': { inviteId: number; userId: number };
  'invite.declined': { inviteId: number; userId: number };
  'invite.revoked': { inviteId: number };
  /** A flush of the view counter: files whose counts grew, with their new totals and by how much. */
  'views.counted': { totals: { id: number; total: number; added: number }[] };
  /** A direct message, as both members' tabs show it; `unread`: the recipient's unread messages with it. */
  'message.sent': { message: MessageDto; unread: number };
  /** Member `userId` opened a thread with unread messages: `unread` are left. */
  'messages.read': { userId: number; unread: number };
};
export type EventType = keyof DomainEvents;
export type DomainEvent = { [T in EventType]: { type: T } & DomainEvents[T] }[EventType];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** Every event type, for the test that each has its line in the table. */
export const eventTypes = [
  'file.uploaded',
  'file.updated',
  'file.described',
  'file.deleted',
  'file.recognized',
  'file.fingerprinted',
  'like.added',
  'like.removed',
  'comment.added',
  'comment.deleted',
  'follow.added',
  'follow.removed',
  'user.created',
  'user.updated',
  'account.deletion-requested',
  'account.purged',
  'archive.requested',
  'block.added',
  'block.removed',
  'mute.added',
  'mute.removed',
  'member.suspended',
  'member.unsuspended',
  'folder.created',
  'folder.updated',
  'folder.deleted',
  'file.saved',
  'file.unsaved',
  'collaborator.added',
  'collaborator.role-changed',
  'collaborator.removed',
  'invite.created',
  'invite.accepted',
  'invite.declined',
  'invite.revoked',
  'views.counted',
  'message.sent',
  'messages.read',
] as const satisfies readonly EventType[];

// The list names every type: a type added above without its name here does not compile.
type Unlisted = Exclude<EventType, (typeof eventTypes)[number]>;
export const everyTypeListed: [Unlisted] extends [never] ? true : Unlisted = true;
