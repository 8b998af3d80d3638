import type { FastifyBaseLogger } from 'fastify';

/** A logger that writes nothing, for the queue, mail, Redis and media code a test runs outside an app. */
export const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
