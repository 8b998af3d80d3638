import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ReauthenticateError, ValidationError } from '../lib/errors';

// The multipart parser (busboy) reports a body it cannot read as a plain Error with no status:
// no boundary, a boundary over 256 bytes, or data cut short. Those are the client's fault.
const MALFORMED_MULTIPART = /^(Multipart: Boundary not found|The needle cannot|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data)/;

function isMalformedMultipart(error: FastifyError): boolean {
  return error.statusCode === undefined && error.code === undefined && MALFORMED_MULTIPART.test(error.message ?? '');
}

/** Every error becomes `{ message }` with its status; an unexpected one logs its stack and says no more. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const v of error.validation) {
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || String((v.params?.issue as { path?: unknown[] } | undefined)?.path?.join('.') ?? '');
        errors[field || '_'] ??= v.message ?? 'Invalid value';
      }
      const first = Object.values(errors)[0] ?? 'Invalid request';
      return reply.status(400).send({ message: first, errors });
    }
    if (error instanceof ValidationError) {
      const hasFields = Object.keys(error.fields).length > 0;
      return reply.status(400).send(hasFields ? { message: error.message, errors: error.fields } : { message: error.message });
    }
    if (error instanceof ReauthenticateError) return reply.status(403).send({ message: error.message, reauthenticate: true });
    if (error instanceof AppError) {
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (isMalformedMultipart(error)) return reply.status(400).send({ message: 'The upload is malformed or incomplete' });
    if (error.code === 'FST_FILES_LIMIT') return reply.status(400).send({ message: 'Send one file per request' });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: 'Internal server error' });
  });
}
