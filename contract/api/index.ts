import type { Endpoint } from '../endpoint';
import { fileEndpoints } from './files';
import { mediaEndpoints } from './media';
import { folderEndpoints } from './folders';
import { inviteEndpoints } from './invites';
import { messageEndpoints } from './messages';
import { notificationEndpoints } from './notifications';
import { searchEndpoints } from './search';
import { similarEndpoints } from './similar';
import { accountSecurityEndpoints, signInEndpoints } from './account-security';
import { publicPageEndpoints } from './public-pages';
import { adminEndpoints } from './admin';
import { archiveEndpoints } from './archives';
import { authEndpoints } from './auth';
import { unsubscribeEndpoints } from './unsubscribe';
import { suggestionEndpoints } from './suggestions';
import { storageEndpoints } from './storage';
import { operationsEndpoints } from './operations';
import { userEndpoints } from './users';
import { pushEndpoints } from './push';
import { safetyEndpoints } from './safety';
import { moderationEndpoints } from './moderation';

/**
 * The API, one entry per endpoint (decision 025). The server registers a handler
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
  ...signInEndpoints,
  ...accountSecurityEndpoints,
  ...userEndpoints,
  ...suggestionEndpoints,
  ...safetyEndpoints,
  ...moderationEndpoints,
  ...adminEndpoints,
  ...storageEndpoints,
  ...operationsEndpoints,
  ...unsubscribeEndpoints,
  ...archiveEndpoints,
  ...publicPageEndpoints,
  ...pushEndpoints,
} satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
