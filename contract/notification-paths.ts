// What the client's first screens need of the notifications contract, without zod: the bell
// and the notifications screen call these paths (docs/decisions/023). `contract/notifications.ts`
// re-exports them beside the schemas.

export const notificationTypes = ['like', 'comment', 'reply', 'view', 'save', 'follow', 'folder_invite', 'archive_ready'] as const;

export const notificationsApi = {
  /** The notifications screen accepts and declines an invite by the notification's id (spec 2 §7). */
  acceptInvite: (notificationId: number) => `/api/invites/${notificationId}/accept`,
  declineInvite: (notificationId: number) => `/api/invites/${notificationId}/decline`,
} as const;

export const notificationMessages = {
  notFound: 'Notification not found',
} as const;
