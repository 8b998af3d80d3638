import type { Endpoint } from '../endpoint';
import { fileEndpoints } from './files';
import { mediaEndpoints } from './media';
import { folderEndpoints } from './folders';
import { inviteEndpoints } from './invites';
import { messageEndpoints } from './messages';
import { notificationEndpoints } from './notifications';
import { searchEndpoints } from './search';
import { similarEndpoints } from './similar';

/**
 * The API, one entry per endpoint (issue 19, docs/decisions/025). The server registers a handler
 * for each (server/plugins/endpoints.ts), OpenAPI is published from them, and the client calls
 * them by name (client/src/lib/call.ts). Adding an endpoint: README "Adding an endpoint".
 */
export const endpoints = {
  ...notificationEndpoints,
  ...fileEndpoints,
  ...mediaEndpoints,
  ...similarEndpoints,
  ...searchEndpoints,
  ...folderEndpoints,
  ...inviteEndpoints,
  ...messageEndpoints,
} satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
