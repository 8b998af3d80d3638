// The live stream's event names, without zod, for the client's first script (decision 023).
// `contract/live.ts` maps each to its payload schema.

export const liveEventNames = ['notification', 'message', 'unread', 'folder'] as const;
export type LiveEventName = (typeof liveEventNames)[number];
