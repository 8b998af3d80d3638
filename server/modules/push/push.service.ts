import type { FastifyBaseLogger } from 'fastify';
import { mergePreferences } from '../../../contract/settings';
import { pushMessages, type PushKind, type PushPayload, type PushSubscriptionBody } from '../../../contract/push';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { memberName, notificationText } from '../notifications/notifications.presenter';
import { checkEndpoint, EndpointRefused } from './endpoint-guard';
import type { PushDelivery } from './push-delivery';
import { groupOf, messagePayload, notificationPayload } from './push-payloads';
import type { PushRepo } from './push.repo';
import type { VapidKeys } from './vapid-keys';

type Deps = {
  repo: PushRepo;
  queue: Pick<JobQueue, 'send' | 'sendMany'>;
  delivery: PushDelivery;
  vapid: VapidKeys;
  users: { findById(id: number): Promise<{ id: number; status: string; username: string; firstName: string | null; lastName: string | null; preferences: Record<string, unknown> } | null> };
  allowPrivateEndpoints: boolean;
  db: Db;
  log: FastifyBaseLogger;
};

/** How long a push service keeps a push for a device that is off (a day: older news is in the bell). */
const TTL_SECONDS = 24 * 3600;

/** 'Chrome on Android' from a User-Agent, for the list of devices. */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\/|Chromium\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'A browser';
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : null;
  return system ? `${browser} on ${system}` : browser;
}

/**
 * Web Push (docs/decisions/035): a member's devices, and the pushes of what reaches their bell.
 * A notification's push job is written with its row (notifier.ts); the job reads the member's
 * kinds, groups a file's likes by the minute, and queues one `push.send` per device, each
 * retried on its own with back-off; a dead subscription (404/410) is removed.
 */
export function createPushService(d: Deps) {
  async function toDevices(userId: number, payload: PushPayload): Promise<void> {
    const devices = await d.repo.listOwn(userId);
    if (devices.length) await d.queue.sendMany('push.send', devices.map((s) => ({ subscriptionId: s.id, payload: JSON.stringify(payload) })));
  }

  function wants(preferences: Record<string, unknown>, kind: PushKind): boolean {
    return (mergePreferences(preferences).pushKinds as readonly string[]).includes(kind);
  }

  return {
    publicKey: () => d.vapid.publicKey,

    async subscribe(userId: number, body: PushSubscriptionBody, userAgent: string | undefined): Promise<void> {
      try {
        await checkEndpoint(body.endpoint, d.allowPrivateEndpoints);
      } catch (err) {
        if (err instanceof EndpointRefused) throw new ValidationError(pushMessages.endpointRefused, { endpoint: pushMessages.endpointRefused });
        throw err;
      }
      await d.repo.upsert(userId, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, device: deviceName(userAgent) });
    },

    devices: (userId: number) => d.repo.listOwn(userId),

    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      if (!(await d.repo.removeOwn(userId, endpoint))) throw new NotFoundError(pushMessages.notFound);
    },

    /** In the notifications' insert transaction: a push job for each row whose member has a device. */
    async queueForNotifications(tx: Db, rows: { id: number; userId: number }[]): Promise<void> {
      const pushed = await d.repo.withDevices(tx, [...new Set(rows.map((r) => r.userId))]);
      const jobs = rows.filter((r) => pushed.has(r.userId)).map((r) => ({ notificationId: r.id }));
      if (jobs.length) await d.queue.sendMany('push.notification', jobs, { tx });
    },

    /** The job of one notification: pushed at once, or (a file's likes within a minute of the last push) once, grouped, when the minute is up. */
    async notificationCreated({ notificationId }: { notificationId: number }): Promise<void> {
      const found = await d.repo.notification(notificationId);
      if (!found || found.status !== 'active' || found.row.isRead || !wants(found.preferences, found.row.type)) return;
      const { row } = found;
      const group = groupOf(row);
      if (group) {
        const claim = await d.repo.claimGroup(row.userId, group.key);
        if (!claim.now) {
          if (claim.dueAt) {
            const wait = Math.max(1, Math.ceil((claim.dueAt.getTime() - Date.now()) / 1000));
            await d.queue.send('push.group-due', { userId: row.userId, groupKey: group.key }, { startAfterSeconds: wait });
          }
          return;
        }
      }
      await toDevices(row.userId, notificationPayload(row));
    },

    /** A group's minute is up: one push for what came in it ("Ana Test and 11 others liked "Sunset""). */
    async groupDue({ userId, groupKey }: { userId: number; groupKey: string }): Promise<void> {
      const previous = await d.repo.releaseGroup(userId, groupKey);
      const [type, file] = groupKey.split(':');
      if (!previous || (type !== 'like' && type !== 'view')) return;
      const rows = await d.repo.groupSince(userId, type, Number(file), previous);
      if (!rows.length) return;
      const newest = rows[0];
      const names = rows.map((r) => (r.actor ? memberName(r.actor) : null)).filter((n): n is string => n !== null);
      const grouped = type === 'like' && rows.length > 1 && newest.fileName !== null && names.length > 0;
      await toDevices(userId, notificationPayload(newest.row, grouped ? notificationText.likes(names, rows.length, newest.fileName!) : newest.row.message));
    },

    /** After a message is stored: its push job when the recipient has a device (a failure is logged: the message is sent). */
    async queueForMessage(messageId: number, recipientId: number): Promise<void> {
      try {
        if ((await d.repo.withDevices(d.db, [recipientId])).size) await d.queue.send('push.message', { messageId });
      } catch (err) {
        d.log.error({ err, messageId }, 'push job for a message failed');
      }
    },

    /** A direct message: pushed to the recipient's devices unless they turned messages off. */
    async messageSent({ messageId }: { messageId: number }): Promise<void> {
      const m = await d.repo.message(messageId);
      if (!m) return;
      const [recipient, sender] = await Promise.all([d.users.findById(m.recipientId), d.users.findById(m.senderId)]);
      if (!recipient || !sender || recipient.status !== 'active' || !wants(recipient.preferences, 'message')) return;
      await toDevices(m.recipientId, messagePayload({ id: messageId, senderId: m.senderId, senderName: memberName(sender), content: m.content }));
    },

    /** One push to one device; a dead subscription is removed, a busy or failing push service is retried (the job throws). */
    async send({ subscriptionId, payload }: { subscriptionId: number; payload: string }): Promise<void> {
      const sub = await d.repo.find(subscriptionId);
      if (!sub) return;
      const outcome = await d.delivery.send(sub, payload, { ttlSeconds: TTL_SECONDS });
      if (outcome === 'sent') await d.repo.markPushed(sub.id);
      else if (outcome === 'gone') await d.repo.remove(sub.id);
      else d.log.warn({ subscriptionId }, 'push refused by the push service');
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
