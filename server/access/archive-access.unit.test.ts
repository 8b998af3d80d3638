import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../lib/errors';
import { canDownloadArchive, orArchiveNotFound } from './archive-access';

const now = new Date('2026-11-24T12:00:00Z');
const ready = { userId: 7, status: 'ready', expiresAt: new Date('2026-12-01T12:00:00Z') };

describe('who downloads a data archive', () => {
  it('its member, while it is ready and not expired', () => {
    expect(canDownloadArchive(ready, { id: 7 }, now)).toBe(true);
  });
  it('nobody else, admins included, and no visitor', () => {
    expect(canDownloadArchive(ready, { id: 8 }, now)).toBe(false);
    expect(canDownloadArchive(ready, { id: 8, isAdmin: true }, now)).toBe(false);
    expect(canDownloadArchive(ready, null, now)).toBe(false);
  });
  it('not while pending or failed, nor after expiry', () => {
    expect(canDownloadArchive({ ...ready, status: 'pending' }, { id: 7 }, now)).toBe(false);
    expect(canDownloadArchive({ ...ready, status: 'failed' }, { id: 7 }, now)).toBe(false);
    expect(canDownloadArchive({ ...ready, expiresAt: new Date('2026-11-24T11:59:59Z') }, { id: 7 }, now)).toBe(false);
  });
  it('answers a refusal as a missing archive', () => {
    expect(() => orArchiveNotFound(ready, { id: 8 })).toThrow(NotFoundError);
    expect(() => orArchiveNotFound(null, { id: 7 })).toThrow('Archive not found');
  });
});
