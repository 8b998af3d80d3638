import type { Endpoint } from '../endpoint';
import { adminEndpoints } from './admin';
import { archiveEndpoints } from './archives';
import { authEndpoints } from './auth';
import { notificationEndpoints } from './notifications';
import { unsubscribeEndpoints } from './unsubscribe';
import { userEndpoints } from './users';

/**
 * The API, one entry per endpoint (issue 19, docs/decisions/025). The server registers a handler
 * for each (server/plugins/endpoints.ts), OpenAPI is published from them, and the client calls
 * them by name (client/src/lib/call.ts). Adding an endpoint: README "Adding an endpoint".
 */
export const endpoints = {
  ...notificationEndpoints,
  ...authEndpoints,
  ...userEndpoints,
  ...adminEndpoints,
  ...unsubscribeEndpoints,
  ...archiveEndpoints,
} satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
