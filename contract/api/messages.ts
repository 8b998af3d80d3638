import { errorResponse } from '../common';
import { endpoint } from '../endpoint';
import { conversationList, messageDto, messageList, messagePageQuery, sendMessageBody, threadParams, unreadMessagesResponse } from '../messages';

const tags = ['messages'] as const;

/** Direct messages; members only. */
export const messageEndpoints = {
  sendMessage: endpoint({
    method: 'POST', path: '/api/messages', tags, auth: 'member', budget: 'message', recipient: 'body.recipientId',
    body: sendMessageBody, responses: { 201: messageDto, 400: errorResponse },
  }),
  listConversations: endpoint({
    method: 'GET', path: '/api/messages/conversations', tags, auth: 'member',
    query: messagePageQuery, responses: { 200: conversationList },
  }),
  /** The header's badge on every screen; live changes come as `unread` events with `messages`. */
  getUnreadMessageCount: endpoint({
    method: 'GET', path: '/api/messages/unread-count', tags, auth: 'member',
    responses: { 200: unreadMessagesResponse },
  }),
  /** Reading a thread marks it read. */
  getMessageThread: endpoint({
    method: 'GET', path: '/api/messages/:userId', tags, auth: 'member',
    params: threadParams, query: messagePageQuery, responses: { 200: messageList, 400: errorResponse, 404: errorResponse },
  }),
};
