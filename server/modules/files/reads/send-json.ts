import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that was serialized (and checked against the contract) when it was cached: a string
 * with a JSON content type goes out as is, with no second serialization.
 */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
