import { describe, expect, it } from 'vitest';
import {
  canSearchUsers, editFilesActionLabel, editFilesChanges, folderCardBlurred, folderFormErrors, inviteLink, inviteState,
  roleDescription, savedFolderLinkable, visibilityLabel,
} from './folder-rules';

describe('folder rules', () => {
  it('labels visibility Admin, Public or Private', () => {
    expect(visibilityLabel({ isPublic: true, isAdminOnly: true })).toBe('Admin');
    expect(visibilityLabel({ isPublic: true, isAdminOnly: false })).toBe('Public');
    expect(visibilityLabel({ isPublic: false, isAdminOnly: false })).toBe('Private');
  });

  it('validates the trimmed folder name and the description with the spec messages', () => {
    expect(folderFormErrors('   ', '')).toEqual({ name: 'Folder name is required' });
    expect(folderFormErrors(`  ${'a'.repeat(100)}  `, '')).toEqual({});
    expect(folderFormErrors('a'.repeat(101), 'd'.repeat(501))).toEqual({
      name: 'Folder name must be less than 100 characters',
      description: 'Description must be less than 500 characters',
    });
  });

  it('links a saved-to folder only when public or the viewer owns it', () => {
    expect(savedFolderLinkable({ isPublic: true, isAdminOnly: false, role: null })).toBe(true);
    expect(savedFolderLinkable({ isPublic: false, isAdminOnly: false, role: 'OWNER' })).toBe(true);
    expect(savedFolderLinkable({ isPublic: false, isAdminOnly: false, role: 'EDITOR' })).toBe(false);
    expect(savedFolderLinkable({ isPublic: false, isAdminOnly: false, role: null })).toBe(false);
  });

  it('blurs a private folder card unless the viewer owns it or collaborates on it', () => {
    expect(folderCardBlurred({ isPublic: false, isAdminOnly: false, role: null })).toBe(true);
    expect(folderCardBlurred({ isPublic: false, isAdminOnly: false, role: 'VIEWER' })).toBe(false);
    expect(folderCardBlurred({ isPublic: false, isAdminOnly: false, role: 'EDITOR' })).toBe(false);
    expect(folderCardBlurred({ isPublic: false, isAdminOnly: false, role: 'OWNER' })).toBe(false);
    expect(folderCardBlurred({ isPublic: true, isAdminOnly: false, role: null })).toBe(false);
  });

  it('names the Edit Files action by what changes', () => {
    expect(editFilesActionLabel(0, 0)).toBe('No Changes');
    expect(editFilesActionLabel(2, 0)).toBe('Add 2 File(s)');
    expect(editFilesActionLabel(0, 1)).toBe('Remove 1 File(s)');
    expect(editFilesActionLabel(3, 1)).toBe('Update Folder (Add 3, Remove 1)');
    expect(editFilesChanges(new Set([1, 2]), new Set([2, 3]))).toEqual({ add: [3], remove: [1] });
  });

  it('reads an invite as pending, expired or invalid against the current time', () => {
    const now = Date.parse('2025-01-10T00:00:00Z');
    expect(inviteState({ status: 'pending', expiresAt: '2025-01-11T00:00:00Z' }, now)).toBe('pending');
    expect(inviteState({ status: 'pending', expiresAt: '2025-01-09T00:00:00Z' }, now)).toBe('expired');
    expect(inviteState({ status: 'revoked', expiresAt: '2025-01-11T00:00:00Z' }, now)).toBe('invalid');
    expect(inviteState({ status: 'accepted', expiresAt: '2025-01-11T00:00:00Z' }, now)).toBe('invalid');
  });

  it('describes roles, builds links and starts user search at 2 characters', () => {
    expect(roleDescription('VIEWER')).toBe('Can view files in this folder');
    expect(inviteLink('https://k.example', 'abc')).toBe('https://k.example/invite/abc');
    expect(canSearchUsers(' a ')).toBe(false);
    expect(canSearchUsers('ab')).toBe(true);
  });
});
