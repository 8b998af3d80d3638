// Placeholder until the messages work lands (issue 12); the notifications route renders it.
export function MessagesPanel(_props: { userId?: number }) {
  return null;
}
