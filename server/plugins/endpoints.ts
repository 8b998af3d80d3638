import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResultOf } from '../../contract/endpoint';
import type { UserRow } from '../modules/users/users.repo';
import { requireAdmin, requireUser } from './session';
import { SAFE_METHODS } from './security';

/**
 * Every route of the API registered from the one table (contract/api, docs/decisions/025): a
 * module hands in a handler per entry, typed from it. The entry gives the method, path, schemas,
 * the member or admin it needs (checked here, before the handler runs) and its write budget.
 */

/** The request a handler sees: params, query and body as the entry's schemas parsed them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{ Params: ParamsOf<E>; Querystring: QueryOf<E>; Body: BodyOf<E> }> & {
  /** Never null when the entry needs a member or an admin. */
  user: E['auth'] extends 'visitor' ? UserRow | null : UserRow;
};

/**
 * Answers the entry's success body, or sends through `reply` itself (another status, bytes, a
 * redirect). A handler that sent at once, with nothing to wait for, may return nothing.
 */
export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<ResultOf<E> | FastifyReply | void> | void;

/** A handler for each entry of a part of the table. */
export type HandlersFor<T extends Record<string, Endpoint>> = { [K in keyof T]: EndpointHandler<T[K]> };

/** The entries without a handler and the handlers without an entry; both stop the start. */
export function unmatchedHandlers(table: Record<string, Endpoint>, handlers: Record<string, unknown>): { missing: string[]; extra: string[] } {
  return {
    missing: Object.keys(table).filter((name) => typeof handlers[name] !== 'function'),
    extra: Object.keys(handlers).filter((name) => !(name in table)),
  };
}

function recipientOf(path: string): (request: FastifyRequest) => unknown {
  const [part, field] = path.split('.') as ['params' | 'body', string];
  return (request) => (request[part] as Record<string, unknown> | undefined)?.[field];
}

/** A one-click form is one short field (`List-Unsubscribe=One-Click`). */
const IGNORED_FORM_BYTES = 1024;

/**
 * Checks an entry's flags ask for besides who may call: `recentSignIn` (docs/decisions/034);
 * and the write budgets every write route spends first (plugins/write-budgets.ts).
 */
export type EndpointGuards = { recentSignIn?: (request: FastifyRequest) => Promise<void>; writeBudget?: preHandlerHookHandler };

/** The guards, and the options (limits) of the multipart reader the form entries get. */
export type EndpointOptions = { guards?: EndpointGuards; multipart?: FastifyMultipartOptions };

export function registerEndpoints<T extends Record<string, Endpoint>>(app: FastifyInstance, table: T, handlers: HandlersFor<T>, options: EndpointOptions = {}): void {
  const guards = options.guards ?? {};
  const { missing, extra } = unmatchedHandlers(table, handlers);
  if (missing.length || extra.length) {
    throw new Error(`The endpoint table and its handlers differ: ${[...missing.map((n) => `no handler for ${n}`), ...extra.map((n) => `${n} is not in the table`)].join(', ')}`);
  }
  const unguarded = Object.entries(table).filter(([, e]) => e.recentSignIn && (!guards.recentSignIn || e.auth === 'visitor'));
  if (unguarded.length) throw new Error(`No recent sign-in check for ${unguarded.map(([n]) => n).join(', ')} (a member's call, with guards.recentSignIn)`);
  for (const [name, entry] of Object.entries(table)) {
    const handler = handlers[name] as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    const body = bodyReader(entry, options.multipart);
    if (!body) {
      route(app, name, entry, handler, guards);
      continue;
    }
    void app.register(async (scope) => {
      await body(scope);
      route(scope, name, entry, handler, guards);
    });
  }
}

/**
 * The body readers only some entries need, scoped to their routes: every other route refuses
 * such a body with Fastify's own 415, unread. The multipart reader adds two hooks of its own
 * (a promise each, on every request it sees), so the reads, most of the traffic, never meet it.
 */
function bodyReader(entry: Endpoint, multipartOptions: FastifyMultipartOptions = {}): ((scope: FastifyInstance) => Promise<void>) | null {
  if (entry.multipart) return async (scope) => void (await scope.register(multipart, multipartOptions));
  if (entry.ignoresFormBody) {
    return async (scope) => void scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: IGNORED_FORM_BYTES }, (_request, _body, done) => done(null, undefined));
  }
  return null;
}

/**
 * A write's budgets (429) first, then who may call (401/403), then the recent sign-in when the
 * entry asks for it (403 `{ reauthenticate: true }`). A read has no budget hook at all.
 */
function preHandlerOf(entry: Endpoint, guards: EndpointGuards) {
  const budget = guards.writeBudget && !SAFE_METHODS.has(entry.method) ? [guards.writeBudget] : [];
  if (entry.auth === 'visitor') return budget.length ? { preHandler: budget } : {};
  const recent = entry.recentSignIn ? guards.recentSignIn : undefined;
  const check = entry.auth === 'admin' ? requireAdmin : requireUser;
  // Callback style: most routes need no promise to learn that the member is signed in.
  const guard = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    try {
      check(request);
    } catch (error) {
      return done(error as Error);
    }
    if (!recent) return done();
    recent(request).then(() => done(), done);
  };
  return { preHandler: [...budget, guard] };
}

function route(app: FastifyInstance, name: string, entry: Endpoint, handler: (request: FastifyRequest, reply: FastifyReply) => unknown, guards: EndpointGuards): void {
  app.route({
    method: entry.method,
    url: entry.path,
    config: { budget: entry.budget, security: entry.security === true, ...(entry.recipient ? { recipient: recipientOf(entry.recipient) } : {}) },
    schema: {
      ...(entry.hidden ? { hide: true } : {}),
      tags: [...entry.tags],
      operationId: name,
      ...(entry.description ? { description: entry.description } : {}),
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(entry.body ? { body: entry.body } : {}),
      ...(entry.headers ? { headers: entry.headers } : {}),
      ...(Object.keys(entry.responses).length ? { response: entry.responses } : {}),
    },
    // After validation and the write budgets' hook, as `requireUser` in a handler was.
    ...preHandlerOf(entry, guards),
    handler,
  });
}
