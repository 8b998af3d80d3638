import { PAGE_SIZE } from '@contract/limits';
import { MESSAGE_MAX, RECIPIENT_SEARCH_MIN, type ConversationDto, type MessageDto } from '@contract/messages';
import { profileDisplayName } from '@/features/profiles/profile-name';

// The messages screen's rules, kept free of React so they can be tested alone.

/** The 'New Message' dialog searches recipients from above 2 characters of trimmed text. */
export function canSearchRecipients(term: string): boolean {
  return term.trim().length >= RECIPIENT_SEARCH_MIN;
}

/** The send button is enabled only for text that is not blank once trimmed (and fits). */
export function canSend(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length <= MESSAGE_MAX;
}

/** Enter sends, Shift+Enter breaks the line; Enter that confirms an IME composition does neither. */
export function sendsOnKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

/** The `before` cursor of the next page while the last page was full (threads: the oldest id). */
export function nextThreadCursor(lastPage: readonly MessageDto[]): number | undefined {
  return lastPage.length < PAGE_SIZE ? undefined : lastPage[lastPage.length - 1].id;
}

/** The `before` cursor of the next page of conversations: the oldest last message shown. */
export function nextConversationCursor(lastPage: readonly ConversationDto[]): number | undefined {
  return lastPage.length < PAGE_SIZE ? undefined : lastPage[lastPage.length - 1].lastMessageId;
}

/** Pages arrive newest first; the thread reads oldest first, each message once. */
export function chronological(pages: readonly (readonly MessageDto[])[]): MessageDto[] {
  const byId = new Map<number, MessageDto>();
  for (const page of pages) for (const message of page) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A live or just-sent message placed on the newest page, unless that page already holds it. */
export function withNewMessage(pages: readonly MessageDto[][], message: MessageDto): MessageDto[][] {
  if (pages.some((page) => page.some((m) => m.id === message.id))) return pages as MessageDto[][];
  const [first = [], ...rest] = pages;
  return [[message, ...first], ...rest];
}

/** The other member of a message, seen by `viewerId`. */
export function counterpartOf(message: Pick<MessageDto, 'senderId' | 'recipientId'>, viewerId: number): number {
  return message.senderId === viewerId ? message.recipientId : message.senderId;
}

/** The spec's display rule for lists: full name, first name, else 'Anonymous'. */
export function conversationName(c: Pick<ConversationDto, 'userFirstName' | 'userLastName'>): string {
  return profileDisplayName({ firstName: c.userFirstName, lastName: c.userLastName }, 'Anonymous');
}

/** The list's preview line: 'You: …' when the viewer wrote the last message. */
export function lastMessagePreview(c: Pick<ConversationDto, 'lastMessage' | 'lastMessageSenderId'>, viewerId: number): string {
  const line = c.lastMessage.replace(/\s+/g, ' ').trim();
  return c.lastMessageSenderId === viewerId ? `You: ${line}` : line;
}
