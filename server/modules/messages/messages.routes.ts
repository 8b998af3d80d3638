import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../contract/common';
import { conversationList, messageDto, messageList, messagePageQuery, sendMessageBody, threadParams, unreadMessagesResponse } from '../../../contract/messages';
import { requireUser } from '../../plugins/session';
import type { MessagesService } from './messages.service';

const tags = ['messages'];

/** Direct messages (spec 2 §7 "Messages and notifications"); members only. */
export async function messagesRoutes(app: FastifyInstance, d: { messages: MessagesService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/messages', { config: { budget: 'message', recipient: (q) => (q.body as { recipientId: number }).recipientId }, schema: { tags, body: sendMessageBody, response: { 201: messageDto, 400: errorResponse } } }, async (request, reply) => {
    const user = requireUser(request);
    const { recipientId, content } = request.body;
    return reply.status(201).send(await d.messages.send(user.id, recipientId, content));
  });

  // Registered before the thread: find-my-way prefers the static segment anyway, but readers scan top down.
  r.get('/api/messages/conversations', { schema: { tags, querystring: messagePageQuery, response: { 200: conversationList } } }, async (request) => {
    const user = requireUser(request);
    return d.messages.conversations(user.id, request.query);
  });

  // The header's badge on every screen; live changes come as `unread` events with `messages`.
  r.get('/api/messages/unread-count', { schema: { tags, response: { 200: unreadMessagesResponse } } }, async (request) => {
    const user = requireUser(request);
    return { unreadCount: await d.messages.unreadCount(user.id) };
  });

  r.get(
    '/api/messages/:userId',
    { schema: { tags, params: threadParams, querystring: messagePageQuery, response: { 200: messageList, 400: errorResponse, 404: errorResponse } } },
    async (request) => {
      const user = requireUser(request);
      return d.messages.thread(user.id, request.params.userId, request.query);
    },
  );
}
