import type { ConversationDto, MessageDto } from '../../../contract/messages';
import { avatarUrl } from '../users/users.presenter';
import type { ConversationRow, MessageRow } from './messages.repo';

/** A message as its members see it: never the read time, which is the recipient's business. */
export function toMessageDto(m: MessageRow): MessageDto {
  return { id: m.id, senderId: m.senderId, recipientId: m.recipientId, content: m.content, createdAt: m.createdAt.toISOString() };
}

/** A conversation, seen from the member who lists it. */
export function toConversationDto(c: ConversationRow): ConversationDto {
  return {
    userId: c.userId,
    username: c.username,
    userFirstName: c.firstName,
    userLastName: c.lastName,
    userProfileImageUrl: avatarUrl(c.profileImageKey),
    lastMessage: c.lastMessage,
    lastMessageTime: c.lastMessageTime.toISOString(),
    lastMessageId: c.lastMessageId,
    lastMessageSenderId: c.lastMessageSenderId,
    unreadCount: c.unreadCount,
  };
}
