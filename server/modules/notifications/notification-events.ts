import type { JobPayloads } from '../../jobs/job-catalogue';
import { membersWhoSeeFile } from '../../access/visibility';
import type { Tx } from '../../db/client';
import type { LiveHub } from '../../live/live-hub';
import type { FilesRepo } from '../files/files.repo';
import type { SocialRepo } from '../files/social.repo';
import type { FoldersRepo } from '../folders/folders.repo';
import type { InvitesRepo } from '../folders/invites.repo';
import type { UsersRepo } from '../users/users.repo';
import { memberName, notificationText } from './notifications.presenter';
import type { NewNotification, NotificationsRepo } from './notifications.repo';
import type { Notifier, Outgoing } from './notifier';
import { mentionedWhoSee } from './mentions';
import { isViewMilestone } from './view-milestones';

type Deps = {
  notifier: Notifier;
  repo: Pick<NotificationsRepo, 'commenters' | 'markInviteRead' | 'filesByIds' | 'membersByIds'>;
  files: Pick<FilesRepo, 'findById'>;
  users: Pick<UsersRepo, 'findById' | 'findIdsWhereFile' | 'findActiveIdsByUsernames'>;
  comments: Pick<SocialRepo, 'findComment'>;
  folders: Pick<FoldersRepo, 'findVisible'>;
  invites: Pick<InvitesRepo, 'findLoadedById' | 'lockStatus'>;
  live: Pick<LiveHub, 'publish'>;
};

/** Earlier commenters told of a new comment, at most: a busy thread must not fan out without bound. */
export const REPLY_FANOUT_MAX = 50;

/**
 * What each social event means for notifications (decision 012), run
 * by the event's job after the write committed. Everything is read again from the database, so
 * a job retried later decides the same; every row has a dedupe key, so it inserts nothing twice.
 * A subject deleted meanwhile (file, comment, member) is nothing to tell. The frequent events come
 * in batches (likes, follows, saves, view milestones): one read of their files and members and one
 * insert for the whole batch, so a busy database costs a batch what it costs one event.
 */
export function createNotificationEvents(d: Deps) {
  /** The files and members a batch names, by id, in two queries. */
  async function load(fileIds: number[], memberIds: number[]) {
    const [files, members] = await Promise.all([d.repo.filesByIds(fileIds), d.repo.membersByIds(memberIds)]);
    return { file: new Map(files.map((f) => [f.id, f])), member: new Map(members.map((m) => [m.id, m])) };
  }

  return {
    async likesAdded(likes: JobPayloads['like.added'][]): Promise<void> {
      const { file, member } = await load(
        likes.map((l) => l.fileId),
        likes.map((l) => l.userId),
      );
      const outgoing = likes.flatMap(({ fileId, userId }): Outgoing[] => {
        const f = file.get(fileId);
        const actor = member.get(userId);
        if (!f || !actor) return [];
        const values: NewNotification = { userId: f.userId, type: 'like', fromUserId: actor.id, fileId, message: notificationText.like(memberName(actor), f.name), dedupeKey: `like:${fileId}:${actor.id}` };
        return [{ values, shown: { actor, fileName: f.name } }];
      });
      await d.notifier.deliverEach(outgoing);
    },

    /**
     * 'comment' to the owner; 'reply' to the members who had commented before (newest first, at
     * most REPLY_FANOUT_MAX), except the owner and the author, who may still see the file: one
     * visibility query for all of them and one insert for every row.
     */
    async commentAdded({ commentId }: JobPayloads['comment.added']): Promise<void> {
      const found = await d.comments.findComment(commentId);
      const file = found && (await d.files.findById(found.comment.fileId));
      if (!found || !file) return;
      const { author } = found;
      const name = memberName(author);
      const earlier = await d.repo.commenters(file.id, [file.userId, author.id], REPLY_FANOUT_MAX, commentId);
      const seeing = new Set(await membersWhoSeeFile(d.users, file.id, earlier));
      // A member mentioned is told they were mentioned, instead of the comment or reply item.
      const mentioned = new Set(await mentionedWhoSee(d.users, file.id, found.comment.content, author));
      const rows: NewNotification[] = [
        ...[...mentioned].map((userId): NewNotification => ({ userId, type: 'mention', fromUserId: author.id, fileId: file.id, message: notificationText.mention(name, file.name), dedupeKey: `mention:comment:${commentId}` })),
        ...(mentioned.has(file.userId) ? [] : [{ userId: file.userId, type: 'comment' as const, fromUserId: author.id, fileId: file.id, message: notificationText.comment(name, file.name), dedupeKey: `comment:${commentId}` }]),
        ...earlier
          .filter((id) => seeing.has(id) && !mentioned.has(id))
          .map((userId): NewNotification => ({ userId, type: 'reply', fromUserId: author.id, fileId: file.id, message: notificationText.reply(name, file.name), dedupeKey: `reply:${commentId}` })),
      ];
      await d.notifier.deliver(rows, { actor: author, fileName: file.name });
    },

    /**
     * The members a file's description mentions, told once per file whatever later edits do (the
     * dedupe key names the file): only the owner writes descriptions, so the owner is the actor.
     */
    async fileDescribed({ fileId, userId }: JobPayloads['file.described']): Promise<void> {
      const [file, author] = await Promise.all([d.files.findById(fileId), d.users.findById(userId)]);
      if (!file || !author || file.userId !== author.id) return;
      const mentioned = await mentionedWhoSee(d.users, file.id, file.description, author);
      const rows = mentioned.map((id): NewNotification => ({ userId: id, type: 'mention', fromUserId: author.id, fileId: file.id, message: notificationText.mention(memberName(author), file.name), dedupeKey: `mention:file:${file.id}` }));
      await d.notifier.deliver(rows, { actor: author, fileName: file.name });
    },

    async followsAdded(followed: JobPayloads['follow.added'][]): Promise<void> {
      const { member } = await load(
        [],
        followed.map((f) => f.followerId),
      );
      const outgoing = followed.flatMap(({ followerId, followingId }): Outgoing[] => {
        const actor = member.get(followerId);
        if (!actor) return [];
        return [{ values: { userId: followingId, type: 'follow', fromUserId: actor.id, message: notificationText.follow(memberName(actor)), dedupeKey: `follow:${actor.id}` }, shown: { actor } }];
      });
      await d.notifier.deliverEach(outgoing);
    },

    /** Another member put the owner's file in a folder; the folder is named only if the owner may see it. */
    async filesSaved(saves: JobPayloads['file.saved'][]): Promise<void> {
      const { file, member } = await load(
        saves.map((s) => s.fileId),
        saves.map((s) => s.userId),
      );
      const outgoing = await Promise.all(
        saves.map(async ({ fileId, folderId, userId }): Promise<Outgoing[]> => {
          const f = file.get(fileId);
          const actor = member.get(userId);
          if (!f || !actor || f.userId === actor.id) return [];
          const seen = await d.folders.findVisible(folderId, { id: f.userId });
          const message = notificationText.save(memberName(actor), f.name, seen?.name ?? null);
          const values: NewNotification = { userId: f.userId, type: 'save', fromUserId: actor.id, fileId, folderId, message, dedupeKey: `save:${fileId}:${folderId}:${actor.id}` };
          return [{ values, shown: { actor, fileName: f.name } }];
        }),
      );
      await d.notifier.deliverEach(outgoing.flat());
    },

    /**
     * The addressed member of an invite. The invite row is locked while the item is inserted:
     * an answer racing this job lands after it (and its own event marks the item read), or
     * before it, and the item is made read already. The same item, whenever the job runs.
     */
    async inviteCreated({ inviteId }: JobPayloads['invite.created']): Promise<void> {
      const invite = await d.invites.findLoadedById(inviteId);
      if (!invite || invite.invitedUserId === null) return;
      await d.notifier.deliver(
        [
          {
            userId: invite.invitedUserId,
            type: 'folder_invite',
            fromUserId: invite.createdBy,
            folderId: invite.folderId,
            inviteId,
            message: notificationText.folderInvite(memberName(invite.inviter), invite.folder.name),
            dedupeKey: `invite:${inviteId}`,
          },
        ],
        { actor: invite.inviter, invite: { status: invite.status, expiresAt: invite.expiresAt } },
        async (tx: Tx, rows) => {
          const status = await d.invites.lockStatus(inviteId, tx);
          return status === null ? [] : rows.map((r) => ({ ...r, isRead: status !== 'pending' }));
        },
      );
    },

    /**
     * Accepted or declined, by token or from the item: its item no longer waits unread, and the
     * folder's owner, who may have the Collaborate dialog open, sees the member join or the
     * pending invite go without a reload.
     */
    async inviteAnswered({ inviteId, userId }: JobPayloads['invite.answered']): Promise<void> {
      if ((await d.repo.markInviteRead(userId, inviteId)) > 0) await d.notifier.publishUnread(userId);
      const invite = await d.invites.findLoadedById(inviteId);
      if (invite) d.live.publish(invite.folder.userId, { type: 'folder', data: { folderId: invite.folderId } });
    },

    /** `total` is the milestone the file's view count reached (10, 100, 1000…); the viewer is not named. */
    async viewMilestones(reached: JobPayloads['view.milestone'][]): Promise<void> {
      const milestones = reached.filter((r) => isViewMilestone(r.total));
      const { file } = await load(
        milestones.map((m) => m.fileId),
        [],
      );
      const outgoing = milestones.flatMap(({ fileId, total }): Outgoing[] => {
        const f = file.get(fileId);
        if (!f) return [];
        return [{ values: { userId: f.userId, type: 'view', fileId, message: notificationText.view(f.name, total), dedupeKey: `view:${fileId}:${total}` }, shown: { actor: null, fileName: f.name } }];
      });
      await d.notifier.deliverEach(outgoing);
    },
  };
}
export type NotificationEvents = ReturnType<typeof createNotificationEvents>;
