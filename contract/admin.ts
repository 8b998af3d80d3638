import { z } from 'zod';
import { pageQuery } from './common';

// The admin waitlist.

export const waitlistStatuses = ['pending', 'approved', 'rejected'] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

export const adminMessages = {
  title: 'Waitlist Management',
  empty: 'No waitlist applications',
  approved: 'Application approved',
  rejected: 'Application rejected',
  reasonLabel: 'Why they want to join',
  notFound: 'Application not found',
  alreadyApproved: 'This application was already approved',
  alreadyRejected: 'This application was already rejected',
  adminsOnly: 'Only admins can manage the waitlist.',
  accessDenied: 'Access Denied',
  loadFailed: 'Failed to load waitlist applications',
} as const;

/** A waitlist application as the spec's screen reads it. */
export const waitlistApplication = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  reason: z.string(),
  status: z.enum(waitlistStatuses),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
});
export type WaitlistApplication = z.infer<typeof waitlistApplication>;

/** GET /api/admin/waitlist: pending first, then newest first; `status` narrows the list. */
export const waitlistQuery = pageQuery.extend({ status: z.enum(waitlistStatuses).optional() });
export const waitlistList = z.array(waitlistApplication);
