/**
 * What the zod schemas cannot say about a call, added to the published document only (never
 * to the runtime schemas, so answers are serialized exactly as before): the multipart bodies,
 * the error statuses every call can answer, and the redirects of the two sign-in links.
 */

import { screens } from '../../contract/screens';

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

/** Calls a visitor may make: every other `/api` call answers 401 without a session. */
const VISITOR_CALLS = new Set([
  'GET /api/config', 'POST /api/register', 'POST /api/login', 'GET /api/login', 'GET /api/logout', 'POST /api/logout',
  'GET /api/username/check/:username', 'POST /api/auth/forgot-password', 'GET /api/auth/reset-password/validate',
  'POST /api/auth/reset-password', 'GET /api/files/random', 'GET /api/slideshow/images', 'GET /api/tags/random',
  'GET /api/files/:id', 'GET /api/files/:id/comments', 'GET /api/files/:id/optimization', 'GET /api/files/:id/content',
  'GET /api/files/:id/download', 'GET /api/files/:id/thumbnail', 'GET /uploads/*', 'GET /uploads/avatars/:name',
  // Folders: a visitor reads public folders and opens an invite link before signing in.
  'GET /api/folders/:id', 'GET /api/folders/:id/preview', 'GET /api/folders/:id/role', 'GET /api/folders/:id/files',
  'GET /api/files/:id/folders', 'GET /api/invites/:token',
  // A mail's unsubscribe link: the signed token names the member.
  'POST /api/unsubscribe',
]);
const THROTTLED = new Set([
  'POST /api/register', 'POST /api/login', 'POST /api/auth/forgot-password', 'POST /api/auth/reset-password',
  'GET /api/auth/reset-password/validate', 'GET /api/username/check/:username',
]);

/** The multipart form of each upload call, as the spec's screens send it. */
const MULTIPART: Record<string, JsonSchema> = {
  'POST /api/files': {
    type: 'object',
    required: ['file'],
    properties: {
      file: { type: 'string', format: 'binary', description: 'The file, at most 10 MB; its type is decided from its bytes' },
      name: { type: 'string', description: 'Display name; the file name when empty' },
      description: { type: 'string' },
      tags: { type: 'string', description: 'Comma-separated tags, at most 20 of 1–40 characters' },
      isPublic: { type: 'string', enum: ['true', 'false'], default: 'true' },
      folderId: { type: 'string', description: 'A folder the member owns or edits; 404 when not visible, 403 when only viewed, and nothing is stored' },
    },
  },
  'PUT /api/user/avatar': {
    type: 'object',
    required: ['avatar'],
    properties: { avatar: { type: 'string', format: 'binary', description: 'A JPEG, PNG, GIF or WebP image, at most 5 MB' } },
  },
};

const REDIRECTS: Record<string, JsonSchema> = {
  'GET /api/login': redirect(screens.auth({ tab: 'login' })),
  'GET /api/logout': redirect('/ (the session ended)'),
};

/** Adds the statuses a call can answer besides its own, from how the app's hooks and handlers work. */
export function describeOperation(op: Operation): Operation {
  const key = `${op.method} ${op.url}`;
  const schema = { ...op.schema };
  const response: Record<string, unknown> = { ...(schema.response ?? {}) };
  const add = (status: string, value: JsonSchema) => {
    if (!(status in response)) response[status] = value;
  };

  if (REDIRECTS[key]) add('302', REDIRECTS[key]);
  if (MULTIPART[key]) {
    schema.body = MULTIPART[key];
    schema.consumes = ['multipart/form-data'];
    add('413', error('The file is too large'));
    add('415', error('The file type is not accepted'));
  }
  if (schema.body || schema.querystring || schema.params) add('400', error('Invalid input: the message names the first invalid field'));
  if (op.url.startsWith('/api/') && !VISITOR_CALLS.has(key)) add('401', error('Not signed in'));
  // The same-origin rule refuses any write (and the logout link) sent from another site.
  if (op.method !== 'GET' && op.method !== 'HEAD' || key === 'GET /api/logout') add('403', error('Cross-site request refused, or not allowed'));
  if (op.url.includes(':')) add('404', error('Not found, or not visible to this viewer'));
  if (THROTTLED.has(key)) add('429', error('Too many attempts; Retry-After says when to try again'));
  // Every member write spends the member's write budgets (plugins/write-budgets.ts).
  else if (op.method !== 'GET' && op.method !== 'HEAD' && op.url.startsWith('/api/')) add('429', error('Too many writes of this kind; Retry-After says when to try again'));
  add('500', error('Internal server error'));
  schema.response = response;
  return { ...op, schema };
}
