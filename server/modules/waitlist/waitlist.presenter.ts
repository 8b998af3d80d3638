import type { WaitlistApplication } from '../../../contract/admin';
import type { WaitlistRow } from './waitlist.repo';

export function toWaitlistApplication(r: WaitlistRow): WaitlistApplication {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    reason: r.reason,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    approvedAt: r.approvedAt?.toISOString() ?? null,
  };
}
