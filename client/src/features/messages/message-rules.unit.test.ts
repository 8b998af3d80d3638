import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '@contract/limits';
import { MESSAGE_MAX, type MessageDto } from '@contract/messages';
import {
  canSearchRecipients,
  canSend,
  chronological,
  conversationName,
  counterpartOf,
  lastMessagePreview,
  nextThreadCursor,
  sendsOnKey,
  withNewMessage,
} from './message-rules';

function msg(id: number, senderId = 1, recipientId = 2): MessageDto {
  return { id, senderId, recipientId, content: `m${id}`, createdAt: new Date(id * 1000).toISOString() };
}

describe('message rules', () => {
  it('searches recipients only above 2 trimmed characters', () => {
    expect(canSearchRecipients('ab')).toBe(false);
    expect(canSearchRecipients('  ab  ')).toBe(false);
    expect(canSearchRecipients('abc')).toBe(true);
  });

  it('sends only non-blank text within the limit', () => {
    expect(canSend('')).toBe(false);
    expect(canSend(' \n\t ')).toBe(false);
    expect(canSend(' hi ')).toBe(true);
    expect(canSend(`  ${'x'.repeat(MESSAGE_MAX)}  `)).toBe(true);
    expect(canSend('x'.repeat(MESSAGE_MAX + 1))).toBe(false);
  });

  it('sends on Enter, not on Shift+Enter or while composing', () => {
    expect(sendsOnKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(sendsOnKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(sendsOnKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(sendsOnKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('asks for older messages only after a full page, from its oldest id', () => {
    const full = Array.from({ length: PAGE_SIZE }, (_, i) => msg(100 - i));
    expect(nextThreadCursor(full)).toBe(100 - PAGE_SIZE + 1);
    expect(nextThreadCursor(full.slice(1))).toBeUndefined();
  });

  it('reads pages oldest first without duplicates, and adds a live message once', () => {
    const pages = [[msg(5), msg(4)], [msg(4), msg(3)]];
    expect(chronological(pages).map((m) => m.id)).toEqual([3, 4, 5]);
    const added = withNewMessage(pages, msg(6));
    expect(chronological(added).map((m) => m.id)).toEqual([3, 4, 5, 6]);
    expect(withNewMessage(added, msg(6))).toBe(added);
    expect(withNewMessage([], msg(1))).toEqual([[msg(1)]]);
  });

  it('names the other member and previews the last message', () => {
    expect(counterpartOf(msg(1, 7, 9), 7)).toBe(9);
    expect(counterpartOf(msg(1, 7, 9), 9)).toBe(7);
    expect(conversationName({ userFirstName: 'Ana', userLastName: 'Lima' })).toBe('Ana Lima');
    expect(conversationName({ userFirstName: 'Ana', userLastName: null })).toBe('Ana');
    expect(conversationName({ userFirstName: null, userLastName: null })).toBe('Anonymous');
    expect(lastMessagePreview({ lastMessage: 'see\n  you', lastMessageSenderId: 7 }, 7)).toBe('You: see you');
    expect(lastMessagePreview({ lastMessage: 'hi', lastMessageSenderId: 9 }, 7)).toBe('hi');
  });
});
