import type { FastifyReply } from 'fastify';

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
const EMPTY = Buffer.from('[]');

/**
 * A JSON array joined from items already encoded as UTF-8 (each item one or more pieces): the
 * bytes are copied once, into the answer, and no string is built or encoded per request.
 */
export function jsonArray(items: readonly (readonly Buffer[])[]): Buffer {
  if (!items.length) return EMPTY;
  const pieces: Buffer[] = [OPEN];
  for (const item of items) {
    if (pieces.length > 1) pieces.push(COMMA);
    for (const piece of item) pieces.push(piece);
  }
  pieces.push(CLOSE);
  return Buffer.concat(pieces);
}

/**
 * Sends JSON that was serialized (and checked against the contract) when it was cached: bytes
 * (or a string) with a JSON content type go out as they are, with no second serialization.
 */
export function sendJson(reply: FastifyReply, json: Buffer | string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
