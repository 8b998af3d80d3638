import { z } from 'zod';
import { messageDto } from './messages';
import { notificationDto } from './notifications';
import type { LiveEventName } from './live-names';

export { liveEventNames, type LiveEventName } from './live-names';

/**
 * The member's live stream (`GET /api/events`, server-sent events): each event name and the
 * payload its `data:` line carries. The server's `publish` (server/live/live-hub.ts) and the
 * client's `useLiveEvent` (client/src/lib/live-events.ts) are typed from this table;
 * server/live/live-frames.int.test.ts checks the frames a stream sends against it.
 */
export const liveEventSchemas = {
  /** A new item of the member's bell, as the notification list shows it. */
  notification: notificationDto,
  /** A direct message the member sent (to their other tabs) or received. */
  message: messageDto,
  /** The member's unread counts; each publisher sends the count it owns, so either may be absent. */
  unread: z.object({ notifications: z.number().int().min(0).optional(), messages: z.number().int().min(0).optional() }),
  /** A folder's collaborators or pending invites changed (an invite was answered): its owner's open Collaborate dialog reloads them. */
  folder: z.object({ folderId: z.number().int() }),
} satisfies Record<LiveEventName, z.ZodType>;

export type LivePayload<N extends LiveEventName> = z.infer<(typeof liveEventSchemas)[N]>;

/** One event as the server publishes it: its name and its payload. */
export type LiveEvent = { [N in LiveEventName]: { type: N; data: LivePayload<N> } }[LiveEventName];
