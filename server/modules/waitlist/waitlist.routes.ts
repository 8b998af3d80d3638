import type { adminEndpoints } from '../../../contract/api/admin';
import type { HandlersFor } from '../../plugins/endpoints';
import { toWaitlistApplication } from './waitlist.presenter';
import type { WaitlistService } from './waitlist.service';

type Deps = { waitlist: WaitlistService };

/** The admin waitlist: admins only, 401 signed out and 403 for members (the entries' `auth`). */
export function waitlistHandlers(d: Deps): HandlersFor<typeof adminEndpoints> {
  return {
    listWaitlist: async (request) => (await d.waitlist.list(request.query)).map(toWaitlistApplication),
    approveApplication: async (request) => toWaitlistApplication(await d.waitlist.decide(request.params.id, 'approved', request.user.id)),
    rejectApplication: async (request) => toWaitlistApplication(await d.waitlist.decide(request.params.id, 'rejected', request.user.id)),
  };
}
