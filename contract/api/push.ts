import { errorResponse, messageResponse } from '../common';
import { endpoint } from '../endpoint';
import { pushDevices, pushEndpointBody, pushPublicKey, pushSubscriptionBody } from '../push';

const tags = ['push'] as const;

/** Web Push (docs/decisions/035): the key to subscribe with, and the member's devices. */
export const pushEndpoints = {
  getPushPublicKey: endpoint({ method: 'GET', path: '/api/push/public-key', tags, auth: 'member', responses: { 200: pushPublicKey } }),
  listPushSubscriptions: endpoint({ method: 'GET', path: '/api/push/subscriptions', tags, auth: 'member', responses: { 200: pushDevices } }),
  addPushSubscription: endpoint({
    method: 'POST', path: '/api/push/subscriptions', tags, auth: 'member',
    description: 'Turns push on for this browser: its PushSubscription JSON. The endpoint must be https on a public address (checked after DNS resolution).',
    body: pushSubscriptionBody, responses: { 201: messageResponse, 400: errorResponse },
  }),
  removePushSubscription: endpoint({
    method: 'DELETE', path: '/api/push/subscriptions', tags, auth: 'member',
    body: pushEndpointBody, responses: { 200: messageResponse, 404: errorResponse },
  }),
};
