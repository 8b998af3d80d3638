import type { Endpoint } from '../endpoint';
import { fileEndpoints } from './files';
import { mediaEndpoints } from './media';
import { folderEndpoints } from './folders';
import { inviteEndpoints } from './invites';
import { messageEndpoints } from './messages';
import { notificationEndpoints } from './notifications';
import { searchEndpoints } from './search';
import { similarEndpoints } from './similar';
import { adminEndpoints } from './admin';
import { archiveEndpoints } from './archives';
import { authEndpoints } from './auth';
import { unsubscribeEndpoints } from './unsubscribe';
import { userEndpoints } from './users';

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
  ...authEndpoints,
  ...userEndpoints,
  ...adminEndpoints,
  ...unsubscribeEndpoints,
  ...archiveEndpoints,
} satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
