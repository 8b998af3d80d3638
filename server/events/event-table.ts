import type { JobName, JobPayloads } from '../jobs/job-catalogue';
import { ALL, type InvalidationTopic } from '../lib/invalidation-bus';
import type { LiveHub } from '../live/live-hub';
import { encodeViewTotals } from '../modules/files/reads/card-cache';
import { addedKey } from '../modules/files/reads/public-head';
import { milestonesCrossed } from '../modules/files/view-milestones';
import { addedEmbeddingKey, removedKey } from '../modules/similar/similar-index';
import type { EventOf, EventType } from './domain-events';

/** A cached read made stale: a topic of the invalidation bus and its key (ALL: every key). */
export type Stale = readonly [topic: InvalidationTopic, key: number | string];
/** A job queued in the write's transaction: it exists exactly when the write does. */
export type QueuedJob = { [N in JobName]: { name: N; data: JobPayloads[N] } }[JobName];
/** A frame for one member's open tabs (the `/api/events` stream), published once the write committed. */
export type LiveFrame = { userId: number; event: Parameters<LiveHub['publish']>[1] };
/** What one event changes beyond its rows. */
export type Effects = { stale?: Stale[]; jobs?: QueuedJob[]; live?: LiveFrame[] };

const job = <N extends JobName>(name: N, data: JobPayloads[N]): QueuedJob => ({ name, data }) as QueuedJob;

/** The columns of a member's row that their file cards and comments show (contract/files.ts fileOwner). */
const SHOWN_USER_COLUMNS: ReadonlySet<string> = new Set(['username', 'firstName', 'lastName', 'profileImageKey', 'status']);

/** Which files are public, everyone's grants, who is hidden, owners' names: what a member's removal touches. */
const EVERYTHING: Stale[] = [['feed', ALL], ['hidden', ALL], ['skeleton', ALL], ['grants', ALL], ['owner', ALL]];

/** Both members' hidden lists and cached sessions. */
const betweenTwo = (a: number, b: number): Stale[] => [a, b].flatMap((id): Stale[] => [['hidden', id], ['user', id]]);

/**
 * Every event a write records and what follows from it (docs/decisions/038-events-as-data.md):
 *
 * - `stale`: the cached reads it changes, announced on the invalidation bus once the write has
 *   committed, on this process and (with Redis) every other, before the write answers
 *   (the topics: server/lib/invalidation-bus.ts; the caches: docs/decisions/018);
 * - `jobs`: the durable jobs it queues in the write's own transaction (their handlers are
 *   registered by server/jobs/register-handlers.ts; the social events' handlers notify, which
 *   publishes the `notification` and `unread` live frames: server/modules/notifications/notifier.ts);
 * - `live`: frames for members' open tabs, published once the write has committed.
 *
 * A type without its line here does not compile, and server/events/event-table.unit.test.ts fails.
 */
export const eventTable: { [T in EventType]: (event: EventOf<T>) => Effects } = {
  'file.uploaded': (e) => ({
    // A public file joins the shared skeleton; a private one its owner's grants, and, in a
    // folder, the grants of the folder's members.
    stale: [e.isPublic ? ['skeleton', addedKey(e.fileId, e.ownerId)] : ['grants', e.ownerId], ...(e.folderId !== null && !e.isPublic ? [['grants', ALL] as const] : [])],
    jobs: [
      // Recognition and tags (server/modules/files/file-jobs.ts).
      job('file.uploaded', { fileId: e.fileId }),
      // A web rendition for what browsers cannot play (rendition-jobs.ts): never "Processing…" with nobody on it.
      ...(e.needsRendition ? [job('file.rendition', { fileId: e.fileId })] : []),
      // The folder's owner is told of the save (notification-events.ts).
      ...(e.folderId !== null ? [job('file.saved', { fileId: e.fileId, folderId: e.folderId, userId: e.ownerId })] : []),
      // The members the description mentions are told (docs/decisions/032).
      ...(e.mentions ? [job('file.described', { fileId: e.fileId, userId: e.ownerId })] : []),
    ],
  }),
  'file.updated': (e) => ({
    stale: [
      ['file', e.fileId],
      // Visibility moves the file in or out of the public skeleton and members' grants; the NSFW
      // flag takes it off visitors' pages.
      ...(e.changed.includes('isPublic') ? [['skeleton', ALL] as const, ['grants', ALL] as const] : e.changed.includes('isNsfw') ? [['skeleton', ALL] as const] : []),
    ],
  }),
  'file.described': (e) => ({ jobs: [job('file.described', { fileId: e.fileId, userId: e.userId })] }),
  'file.deleted': (e) => ({ stale: [['file', e.fileId], ['comments', e.fileId], ['skeleton', ALL], ['grants', ALL], ['embeddings', removedKey(e.fileId)]] }),
  // A claim or a release changes nothing a card shows and records no event; a result does.
  'file.recognized': (e) => ({
    stale: [['file', e.fileId], ...(e.isNsfw ? [['skeleton', ALL] as const] : []), ...(e.embedded ? [['embeddings', addedEmbeddingKey(e.fileId)] as const] : [])],
  }),
  'file.fingerprinted': (e) => ({ stale: e.embedded ? [['embeddings', addedEmbeddingKey(e.fileId)]] : [] }),
  // New totals are laid over every process's cached cards (the key carries them); each milestone
  // passed (10, 100, 1000…) tells the owner (notification-events.ts).
  'views.counted': (e) => ({
    stale: [['views', encodeViewTotals(e.totals.map((t) => [t.id, t.total]))]],
    jobs: e.totals.flatMap(({ id, total, added }) => milestonesCrossed(total, added).map((milestone) => job('view.milestone', { fileId: id, total: milestone }))),
  }),

  // Likes change one file's count and the liker's own marks; the job notifies the owner.
  'like.added': (e) => ({ stale: [['file', e.fileId], ['likes', e.userId]], jobs: [job('like.added', { fileId: e.fileId, userId: e.userId })] }),
  'like.removed': (e) => ({ stale: [['file', e.fileId], ['likes', e.userId]], jobs: [job('like.removed', { fileId: e.fileId, userId: e.userId })] }),
  'comment.added': (e) => ({ stale: [['file', e.fileId], ['comments', e.fileId]], jobs: [job('comment.added', { commentId: e.commentId })] }),
  'comment.deleted': (e) => ({ stale: [['file', e.fileId], ['comments', e.fileId]] }),

  // Both members' counts are in their cached sessions (GET /api/user); feed cards show no counts.
  'follow.added': (e) => ({ stale: [['user', e.followerId], ['user', e.followingId]], jobs: [job('follow.added', { followerId: e.followerId, followingId: e.followingId })] }),
  'follow.removed': (e) => ({ stale: [['user', e.followerId], ['user', e.followingId]] }),
  // A new member has neither sessions nor files yet: sign-ups leave the caches warm.
  'user.created': () => ({}),
  // A member's row is in their cached sessions and decides their grants (the admin flag); the
  // columns a card shows of its owner reach cached cards and comments.
  'user.updated': (e) => ({ stale: [['user', e.userId], ...(e.changed.some((c) => SHOWN_USER_COLUMNS.has(c)) ? [['owner', e.userId] as const] : [])] }),
  // Their cached sessions end on every process; their content is hidden as a suspended member's.
  // The job removes the rows, then the stored objects (server/modules/safety/account-deletion.ts).
  'account.deletion-requested': (e) => ({ stale: [['user', e.userId], ...EVERYTHING], jobs: [job('account.delete', { userId: e.userId })] }),
  // Their rows are gone: every process forgets them, and their files leave "More like this".
  'account.purged': (e) => ({ stale: [...EVERYTHING, ...e.fileIds.map((id) => ['embeddings', removedKey(id)] as const)] }),
  // A pending archive is built by its job (server/modules/archives/archives.service.ts); nothing cached shows it.
  'archive.requested': (e) => ({ jobs: [job('member-archive.requested', { archiveId: e.archiveId })] }),

  // Blocks and mutes (docs/decisions/028-safety-kit.md). A block hides both members from each
  // other and changes their counts (both sessions); one that ended a collaboration changes grants.
  'block.added': (e) => ({ stale: [...betweenTwo(e.blockerId, e.blockedId), ...(e.collaborationsEnded ? [['grants', ALL] as const] : [])] }),
  'block.removed': (e) => ({ stale: betweenTwo(e.blockerId, e.blockedId) }),
  // A mute hides one way: only the muter's hidden list changes.
  'mute.added': (e) => ({ stale: [['hidden', e.muterId]] }),
  'mute.removed': (e) => ({ stale: [['hidden', e.muterId]] }),
  // A suspended member's content is hidden from everyone and leaves the public skeleton; their
  // cached sessions go (a suspension ended them in its transaction).
  'member.suspended': (e) => ({ stale: [['hidden', ALL], ['skeleton', ALL], ['user', e.userId]] }),
  'member.unsuspended': (e) => ({ stale: [['hidden', ALL], ['skeleton', ALL], ['user', e.userId]] }),

  // Folders, links, collaborators and accepted invites change which private files members see
  // through folders (server/access/folder-access.ts). Rare next to likes: every member's grants go.
  // A new folder is empty: it grants nothing yet.
  'folder.created': () => ({}),
  'folder.updated': () => ({ stale: [['grants', ALL]] }),
  'folder.deleted': () => ({ stale: [['grants', ALL]] }),
  'file.saved': (e) => ({ stale: [['grants', ALL]], jobs: [job('file.saved', { fileId: e.fileId, folderId: e.folderId, userId: e.userId })] }),
  'file.unsaved': () => ({ stale: [['grants', ALL]] }),
  'collaborator.added': () => ({ stale: [['grants', ALL]] }),
  // Editor or viewer, a collaborator sees the same files.
  'collaborator.role-changed': () => ({}),
  'collaborator.removed': () => ({ stale: [['grants', ALL]] }),
  // A pending invite grants nothing; an addressed one makes the member's invite item (notification-events.ts).
  'invite.created': (e) => ({ jobs: e.addressed ? [job('invite.created', { inviteId: e.inviteId })] : [] }),
  // An answer marks the member's item read and reloads the owner's Collaborate dialog (notification-events.ts).
  'invite.accepted': (e) => ({ stale: [['grants', ALL]], jobs: [job('invite.answered', { inviteId: e.inviteId, userId: e.userId })] }),
  'invite.declined': (e) => ({ jobs: [job('invite.answered', { inviteId: e.inviteId, userId: e.userId })] }),
  'invite.revoked': () => ({}),

  // Messages touch no cached data. The recipient's tabs and the sender's other tabs show a message
  // at once, and the recipient's badge its count (each publisher sends the count it owns).
  'message.sent': (e) => ({
    live: [
      { userId: e.message.recipientId, event: { type: 'message', data: e.message } },
      { userId: e.message.senderId, event: { type: 'message', data: e.message } },
      { userId: e.message.recipientId, event: { type: 'unread', data: { messages: e.unread } } },
    ],
  }),
  'messages.read': (e) => ({ live: [{ userId: e.userId, event: { type: 'unread', data: { messages: e.unread } } }] }),
};

/** What an event changes, by its line of the table. */
export function effectsOf<T extends EventType>(event: EventOf<T>): Effects {
  return (eventTable[event.type] as (e: EventOf<T>) => Effects)(event);
}
