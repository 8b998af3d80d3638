// What the client's first screens need of the notifications contract, without zod
// (docs/decisions/023). `contract/notifications.ts` re-exports them beside the schemas.

export const notificationTypes = ['like', 'comment', 'reply', 'view', 'save', 'follow', 'folder_invite', 'archive_ready', 'storage_almost_full', 'member_storage_full', 'mention', 'report_resolved'] as const;

/** What may be pushed to a member's devices (docs/decisions/035): every kind the bell shows, and direct messages. */
export const pushKinds = [...notificationTypes, 'message'] as const;

export const notificationMessages = {
  notFound: 'Notification not found',
} as const;
