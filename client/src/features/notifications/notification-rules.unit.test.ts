import { describe, expect, it } from 'vitest';
import { itemTarget } from './notification-rules';

describe('itemTarget', () => {
  it('sends file items to the file and follows to the sender, and keeps save and invite items in place', () => {
    const base = { fileId: 7, fromUserId: 3 };
    expect(itemTarget({ ...base, type: 'like' })).toBe('/file/7');
    expect(itemTarget({ ...base, type: 'comment' })).toBe('/file/7');
    expect(itemTarget({ ...base, type: 'reply' })).toBe('/file/7');
    expect(itemTarget({ type: 'view', fileId: 7, fromUserId: null })).toBe('/file/7');
    expect(itemTarget({ type: 'follow', fileId: null, fromUserId: 3 })).toBe('/profile/3');
    expect(itemTarget({ ...base, type: 'save' })).toBeNull();
    expect(itemTarget({ ...base, type: 'folder_invite' })).toBeNull();
  });
});
