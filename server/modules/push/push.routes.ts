import type { pushEndpoints } from '../../../contract/api/push';
import { pushMessages, type PushDevice } from '../../../contract/push';
import type { HandlersFor } from '../../plugins/endpoints';
import type { PushSubscriptionRow } from './push.repo';
import type { PushService } from './push.service';

function toDevice(row: PushSubscriptionRow): PushDevice {
  return { id: row.id, endpoint: row.endpoint, device: row.device, createdAt: row.createdAt.toISOString(), lastPushedAt: row.lastPushedAt?.toISOString() ?? null };
}

/** The member's own devices: each query is scoped by the session's member; another member's endpoint answers 404. */
export function pushHandlers(d: { push: PushService }): HandlersFor<typeof pushEndpoints> {
  return {
    getPushPublicKey: async () => ({ publicKey: d.push.publicKey() }),
    listPushSubscriptions: async (request) => ({ devices: (await d.push.devices(request.user.id)).map(toDevice) }),
    addPushSubscription: async (request, reply) => {
      await d.push.subscribe(request.user.id, request.body, request.headers['user-agent']);
      return reply.status(201).send({ message: pushMessages.saved });
    },
    removePushSubscription: async (request) => {
      await d.push.unsubscribe(request.user.id, request.body.endpoint);
      return { message: pushMessages.removed };
    },
  };
}
