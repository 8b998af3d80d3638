import type { messageEndpoints } from '../../../contract/api/messages';
import type { HandlersFor } from '../../plugins/endpoints';
import type { MessagesService } from './messages.service';

/** Direct messages; members only. */
export function messageHandlers(d: { messages: MessagesService }): HandlersFor<typeof messageEndpoints> {
  return {
    sendMessage: async (request, reply) => {
      const { recipientId, content } = request.body;
      return reply.status(201).send(await d.messages.send(request.user.id, recipientId, content));
    },
    listConversations: async (request) => d.messages.conversations(request.user.id, request.query),
    getUnreadMessageCount: async (request) => ({ unreadCount: await d.messages.unreadCount(request.user.id) }),
    getMessageThread: async (request) => d.messages.thread(request.user.id, request.params.userId, request.query),
  };
}
