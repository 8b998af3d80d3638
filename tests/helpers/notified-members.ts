import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { NotificationPage } from '../../contract/notifications';
import { notifications } from '../../server/db/schema/index';
import { late } from './late';
import { useTestApp, type TestApp } from './test-app';
import { signedUp, type TestClient } from './test-client';
import { jobsSettled } from './wait';

export type Member = { client: TestClient; id: number; name: string };

/**
 * What the notification tests ask of an app (decision 017): notifications are made by
 * the handlers of the writes' events, so every read first waits until no event job is pending,
 * and a row is there, or absent for good.
 */
export function notifiedMembers(t: TestApp) {
  /** Every row of one member's notifications, oldest first (what the database holds, ungrouped). */
  async function rows(m: Member) {
    await jobsSettled(t.database);
    return t.database.db.select().from(notifications).where(eq(notifications.userId, m.id)).orderBy(notifications.id);
  }
  async function member(firstName: string): Promise<Member> {
    const { client, id } = await signedUp(t, { firstName, lastName: 'Test' });
    return { client, id, name: `${firstName} Test` };
  }
  return {
    member,
    /** The cast of the notification files: Olga (whose files are liked), Ana, Bob and Carol, signed up in that order. */
    async cast(): Promise<Record<'owner' | 'ana' | 'bob' | 'carol', Member>> {
      return { owner: await member('Olga'), ana: await member('Ana'), bob: await member('Bob'), carol: await member('Carol') };
    },
    /** The member's list as the screen reads it. */
    async list(m: Member, query = ''): Promise<NotificationPage> {
      await jobsSettled(t.database);
      const res = await m.client.get(`/api/notifications${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body;
    },
    /**
     * The events so far have been told: what follows happens later. Two events of one kind sent
     * within milliseconds may be told in either order (decision 017); these tests assert an order.
     */
    told: () => jobsSettled(t.database),
    rows,
    async rowsOfFile(m: Member, fileId: number) {
      return (await rows(m)).filter((r) => r.fileId === fileId);
    },
    async ok(res: Promise<{ status: number; text: string }>, status = 200) {
      const r = await res;
      expect(r.status, r.text).toBe(status);
      return r;
    },
  };
}

/**
 * The notification files' set-up: an app for the file, and its cast (Olga the owner, Ana, Bob and
 * Carol) signed up in beforeAll, usable in tests and later hooks.
 */
export function useNotifiedCast() {
  const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
  const helpers = notifiedMembers(t);
  let cast: Record<'owner' | 'ana' | 'bob' | 'carol', Member> | undefined;
  beforeAll(async () => {
    cast = await helpers.cast();
  }, 60_000);
  const member = (name: 'owner' | 'ana' | 'bob' | 'carol') => late(() => cast?.[name], `the cast's ${name}`);
  return { t, ...helpers, owner: member('owner'), ana: member('ana'), bob: member('bob'), carol: member('carol') };
}
