import type { z } from 'zod';

/**
 * One endpoint of the API, written once (decision 025): the server registers its
 * handler from it, OpenAPI is published from it, and the client's `call()` is typed from it.
 * The entries live in `contract/api/*.ts`; this file holds only their shape and types, so it
 * brings no zod into a bundle.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call it: anyone, a signed-in member (401 otherwise), or an admin (401/403). */
export type Auth = 'visitor' | 'member' | 'admin';

/** The write budget a member's call spends (server/plugins/write-budgets.ts). */
export const budgetNames = ['message', 'comment', 'folder', 'invite', 'collaborator', 'like', 'follow', 'save', 'upload', 'analyze', 'account', 'edit', 'archive', 'password', 'email', 'sessions', 'block', 'report'] as const;
export type BudgetName = (typeof budgetNames)[number];

export type Schema = z.ZodType;

export interface Endpoint {
  method: Method;
  /** Fastify's pattern: `/api/folders/:id`; `*` for the rest of a path. */
  path: string;
  tags: readonly string[];
  /** OpenAPI's description of the call, when its name and schemas do not say enough. */
  description?: string;
  auth: Auth;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** Request headers the call reads (checked before the handler, like params); loose, so the others stay. */
  headers?: Schema;
  /** Answers by status; errors the hooks add to every call (400, 401, 403, 429, 500) are added to OpenAPI. */
  responses: { readonly [status: number]: Schema };
  /** A multipart form (OpenAPI only: the handler reads the parts itself). */
  multipart?: { readonly required: readonly string[]; readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>> };
  /** Also takes a short urlencoded form, read and ignored (a mail program's one-click unsubscribe, RFC 8058). */
  ignoresFormBody?: boolean;
  /**
   * Answers stored bytes, not JSON (OpenAPI's 200, and 206 for a Range): their media type
   * (any type when it is the file's own) and what they are.
   */
  bytes?: { readonly type: string; readonly description: string };
  /** Where a GET link redirects (OpenAPI's 302). */
  redirect?: string;
  /** A GET that changes state (the logout link): refused cross-site like a write. */
  changesState?: boolean;
  /** Sign-in calls counted per address and account (auth.throttle.ts): 429 on too many attempts. */
  throttled?: boolean;
  /**
   * Needs the session to have proven the member within RECENT_SIGN_IN_MS (contract/account-security.ts):
   * otherwise 403 `{ reauthenticate: true }` before the handler runs (docs/decisions/034).
   */
  recentSignIn?: boolean;
  budget?: BudgetName;
  /**
   * A security action (signing out, changing password or e-mail, ending sessions): it spends no
   * budget any other call spends, only its own `budget`, counted per session, so a stolen
   * session's writes never lock the owner out of it (docs/decisions/026).
   */
  security?: boolean;
  /** The member a budgeted write targets (per-recipient windows): a param or a body field. */
  recipient?: `params.${string}` | `body.${string}`;
  /** Left out of OpenAPI (streams, stored bytes by key). */
  hidden?: boolean;
}

/** Declares an entry, keeping its literal types for handlers and calls. */
export function endpoint<const E extends Endpoint>(entry: E): E {
  return entry;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

export type ParamsOf<E extends Endpoint> = Out<E['params']>;
export type QueryOf<E extends Endpoint> = Out<E['query']>;
export type BodyOf<E extends Endpoint> = Out<E['body']>;

/**
 * Any of its success answers (200, 201, 202; none, as a 204, is null), as it arrives: what
 * `call()` resolves to. `POST /api/register` answers a member (201) or a waitlisted notice (202).
 */
export type ResultOf<E extends Endpoint> = [Extract<keyof E['responses'], 200 | 201 | 202>] extends [never]
  ? null
  : Out<E['responses'][Extract<keyof E['responses'], 200 | 201 | 202>]>;

/** What a caller passes: params, query and body, each only when the entry has one. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: In<E['params']> } : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: Partial<In<E['query']>> } : { query?: undefined }) &
  (E['multipart'] extends object ? { body: FormData } : E['body'] extends z.ZodType ? { body: In<E['body']> } : { body?: undefined });
