// Generated from contract/api by `npm run contract`: do not edit. Method and path of every
// endpoint, without zod, for the client's call() (client/src/lib/call.ts).
export const endpointRoutes = {
  listNotifications: ['GET', '/api/notifications'],
  liveEvents: ['GET', '/api/events'],
  markAllNotificationsRead: ['PUT', '/api/notifications/mark-all-read'],
  markNotificationRead: ['PATCH', '/api/notifications/:id/read'],
} as const;
