import type { Endpoint } from '../../contract/endpoint';

/**
 * What the zod schemas cannot say about a call, added to the published document only (never
 * to the runtime schemas, so answers are serialized exactly as before), read from the call's
 * entry in the table (contract/api): the multipart bodies, the stored bytes some calls answer,
 * the redirects of the two sign-in links, and the error statuses the app's hooks add to every call — 401 for a member's call,
 * 403 for writes (the same-origin rule) and admin calls, 429 for sign-in attempts and member writes.
 */

type JsonSchema = Record<string, unknown>;
type Operation = { method: string; url: string; schema: JsonSchema & { response?: Record<string, unknown>; consumes?: string[] } };

const error = (description: string): JsonSchema => ({
  description,
  type: 'object',
  properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'string' } } },
  required: ['message'],
});

const redirect = (to: string): JsonSchema => ({
  description: `Redirect to ${to}`,
  type: 'null',
  headers: { location: { type: 'string', description: to } },
});

/** Adds the statuses a call can answer besides its own, from its entry and how the app's hooks work. */
export function describeOperation(op: Operation, entry: Endpoint): Operation {
  const schema = { ...op.schema };
  const response: Record<string, unknown> = { ...(schema.response ?? {}) };
  const add = (status: string, value: JsonSchema) => {
    if (!(status in response)) response[status] = value;
  };
  const write = op.method !== 'GET' && op.method !== 'HEAD';

  if (entry.redirect) add('302', redirect(entry.redirect));
  if (entry.bytes) {
    const body = { schema: { type: 'string', format: 'binary' } };
    add('200', { description: entry.bytes.description, content: { [entry.bytes.type]: body } });
    add('206', { description: `Part of it, for a Range request (Content-Range says which)`, content: { [entry.bytes.type]: body } });
    add('416', error('The Range asked for lies outside the bytes'));
  }
  if (entry.multipart) {
    schema.body = { type: 'object', required: [...entry.multipart.required], properties: entry.multipart.properties };
    schema.consumes = ['multipart/form-data'];
    // @fastify/multipart refuses any other request body before the handler runs.
    add('406', error('The body is not multipart/form-data'));
    add('413', error('The file is too large'));
    add('415', error('The file type is not accepted'));
  }
  if (schema.body || schema.querystring || schema.params) add('400', error('Invalid input: the message names the first invalid field'));
  if (entry.auth !== 'visitor') add('401', error('Not signed in'));
  // The same-origin rule refuses any write (and the logout link) sent from another site.
  if (write || entry.changesState) add('403', error('Cross-site request refused, or not allowed'));
  if (entry.auth === 'admin') add('403', error('Admins only'));
  if (op.url.includes(':') || op.url.includes('{')) add('404', error('Not found, or not visible to this viewer'));
  if (entry.throttled) add('429', error('Too many attempts; Retry-After says when to try again'));
  // Every member write spends the member's write budgets (plugins/write-budgets.ts).
  else if (write) add('429', error('Too many writes of this kind; Retry-After says when to try again'));
  add('500', error('Internal server error'));
  schema.response = response;
  return { ...op, schema };
}
