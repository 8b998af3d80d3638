import type { JobQueue } from '../../jobs/queue';
import type { NotificationMailService } from './notification-mail.service';

/** The two jobs of notification mail (decision 014), for the app process and `npm run worker` alike. */
export function registerNotificationMailJobs(queue: JobQueue, mail: NotificationMailService): void {
  queue.work('notification.created', async ({ notificationId }) => {
    await mail.mailNotification(notificationId);
  });
  queue.work('notification-digest.due', async () => {
    await mail.runDigestPass();
  });
}
