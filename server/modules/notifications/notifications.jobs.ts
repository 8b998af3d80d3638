import type { JobQueue } from '../../jobs/queue';
import type { NotificationEvents } from './notification-events';

/** The social events' handlers (docs/decisions/017-writes-as-events.md), for the app process and `npm run worker` alike. */
export function registerNotificationJobs(queue: JobQueue, events: NotificationEvents): void {
  queue.work('like.added', events.likeAdded);
  // An unlike leaves the like's notification as it was (decision 012: like, unlike, like again
  // notify once); the event is there for whatever else follows a like's removal.
  queue.work('like.removed', async () => {});
  queue.work('comment.added', events.commentAdded);
  queue.work('follow.added', events.followAdded);
  queue.work('file.saved', events.fileSaved);
  queue.work('invite.created', events.inviteCreated);
  queue.work('invite.answered', events.inviteAnswered);
  queue.work('view.milestone', events.viewMilestone);
}
