import type { JobQueue } from '../../jobs/queue';
import type { NotificationEvents } from './notification-events';

/** The social events' handlers (docs/decisions/017-writes-as-events.md), for the app process and `npm run worker` alike. */
export function registerNotificationJobs(queue: JobQueue, events: NotificationEvents): void {
  // The frequent events in batches (one read and one insert for all of a batch), the others one by one.
  queue.workBatch('like.added', events.likesAdded);
  // An unlike leaves the like's notification as it was (decision 012: like, unlike, like again
  // notify once); the event is there for whatever else follows a like's removal.
  queue.workBatch('like.removed', async () => {});
  queue.work('comment.added', events.commentAdded);
  queue.work('file.described', events.fileDescribed);
  queue.workBatch('follow.added', events.followsAdded);
  queue.workBatch('file.saved', events.filesSaved);
  queue.work('invite.created', events.inviteCreated);
  queue.work('invite.answered', events.inviteAnswered);
  queue.workBatch('view.milestone', events.viewMilestones);
}
