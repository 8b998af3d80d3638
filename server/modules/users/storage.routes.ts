import type { storageEndpoints } from '../../../contract/api/storage';
import type { HandlersFor } from '../../plugins/endpoints';
import type { StorageQuota } from './storage-quota';

/** The member's storage (Settings) and an admin's view and setting of a member's quota (admins only: the entries' `auth`). */
export function storageHandlers(d: { storageQuota: StorageQuota }): HandlersFor<typeof storageEndpoints> {
  return {
    getStorageUsage: async (request) => d.storageQuota.usage(request.user),
    getMemberStorage: async (request) => d.storageQuota.ofMember(request.params.id),
    setMemberStorageQuota: async (request) => d.storageQuota.setQuota(request.params.id, request.body.quotaMb),
  };
}
