import type { Db } from '../../db/client';
import { waitlistApplications } from '../../db/schema/index';

export function createWaitlistRepo(db: Db) {
  return {
    async insert(values: typeof waitlistApplications.$inferInsert): Promise<void> {
      await db.insert(waitlistApplications).values(values);
    },
  };
}
export type WaitlistRepo = ReturnType<typeof createWaitlistRepo>;
