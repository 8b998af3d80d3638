import type { Db } from '../../server/db/client';
import type { TestApp } from './test-app';
import { createFilesRepo } from '../../server/modules/files/files.repo';
import { createSocialRepo } from '../../server/modules/files/social.repo';
import { createFoldersRepo } from '../../server/modules/folders/folders.repo';
import { createInvitesRepo } from '../../server/modules/folders/invites.repo';
import { createUsersRepo } from '../../server/modules/users/users.repo';
import { createNotificationEvents } from '../../server/modules/notifications/notification-events';
import { createNotificationsRepo } from '../../server/modules/notifications/notifications.repo';
import { createNotifier } from '../../server/modules/notifications/notifier';
import { silentLog } from './silent-log';

/** The event handlers as server/composition.ts builds them, over `db` (a query-counting one), with the app's queue and live hub. */
export function eventsOver(t: TestApp, db: Db) {
  const repo = createNotificationsRepo(db);
  const folders = createFoldersRepo(db, db);
  const notifier = createNotifier({ repo, queue: t.app.jobs, live: t.app.live, folders, log: silentLog });
  return createNotificationEvents({
    notifier,
    repo,
    files: createFilesRepo(db),
    users: createUsersRepo(db),
    comments: createSocialRepo(db),
    folders,
    invites: createInvitesRepo(db),
    live: t.app.live,
  });
}
