import type { QueryKey } from '@tanstack/react-query';
import type { EndpointName, Endpoints } from '@contract/api';
import type { CallInput, ResultOf } from '@contract/endpoint';
import { buildPath, pathKey } from '@contract/endpoint-path';
import { endpointRoutes } from '@contract/endpoint-routes';
import { readJson, throwIfResNotOk, toQueryString } from './api';

/**
 * The one way the screens reach the server (decision 025): `call('getFolder',
 * { params: { id } })` sends the entry's method to its path and resolves to its success answer,
 * typed from `contract/api`. Method and path come from `contract/endpoint-routes.ts` (generated
 * from the table without its schemas, so no zod reaches the first script).
 */

type Input<N extends EndpointName> = CallInput<Endpoints[N]>;
/** The input may be left out when the entry needs no params and no body. */
type Args<N extends EndpointName> = object extends Input<N> ? [input?: Input<N>] : [input: Input<N>];
type QueryValues = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

export type CallResult<N extends EndpointName> = ResultOf<Endpoints[N]>;

/** The address a call reads: the path with its params, then the query string. */
export function endpointUrl<N extends EndpointName>(name: N, ...[input]: Args<N>): string {
  const [, pattern] = endpointRoutes[name];
  const i = input as { params?: Record<string, unknown>; query?: QueryValues } | undefined;
  return buildPath(pattern, i?.params) + (i?.query ? toQueryString(i.query) : '');
}

/** Sends the call with the session cookie; a non-2xx answer throws `${status}: ${body}`. */
export async function call<N extends EndpointName>(name: N, ...args: [...Args<N>, options?: { signal?: AbortSignal }]): Promise<CallResult<N>> {
  const [input, options] = args as unknown as [Input<N> | undefined, { signal?: AbortSignal } | undefined];
  const [method] = endpointRoutes[name];
  const body = (input as { body?: unknown } | undefined)?.body;
  const init: RequestInit = { method, credentials: 'include', signal: options?.signal };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(endpointUrl(name, ...([input] as Args<N>)), init);
  await throwIfResNotOk(res);
  return readJson<CallResult<N>>(res);
}

/**
 * The TanStack Query key of a read: its path's segments under `/api/<first>` (so a write can
 * refresh every list below `['/api/files']`), the params' values, then the query. With params
 * left out it is the prefix of every key below it: `endpointKey('getFolder')` is `['/api/folders']`.
 */
export function endpointKey<N extends EndpointName>(name: N, input?: Partial<Input<N>>): QueryKey {
  const [, pattern] = endpointRoutes[name];
  const i = input as { params?: Record<string, unknown>; query?: object } | undefined;
  return pathKey(pattern, i?.params, i?.query);
}

/** `useQuery(endpointQuery('getFolder', { params: { id } }))`: the key and the call, typed from the entry. */
export function endpointQuery<N extends EndpointName>(name: N, ...[input]: Args<N>) {
  return {
    queryKey: endpointKey(name, input as Partial<Input<N>>),
    queryFn: ({ signal }: { signal: AbortSignal }) => call(name, ...([input, { signal }] as unknown as [...Args<N>, { signal: AbortSignal }])),
  };
}
