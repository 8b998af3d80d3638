import type { JobQueue } from '../../jobs/queue';
import type { PushService } from './push.service';

/** Web Push's jobs (docs/decisions/035), for the app process and `npm run worker` alike. */
export function registerPushJobs(queue: JobQueue, push: PushService): void {
  queue.work('push.notification', (data) => push.notificationCreated(data));
  queue.work('push.group-due', (data) => push.groupDue(data));
  queue.work('push.message', (data) => push.messageSent(data));
  queue.work('push.send', (data) => push.send(data));
}
