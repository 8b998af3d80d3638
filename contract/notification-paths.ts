// What the client's first screens need of the notifications contract, without zod
// (docs/decisions/023). `contract/notifications.ts` re-exports them beside the schemas.

export const notificationTypes = ['like', 'comment', 'reply', 'view', 'save', 'follow', 'folder_invite', 'archive_ready'] as const;

export const notificationMessages = {
  notFound: 'Notification not found',
} as const;
