import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { endpoints } from '../../contract/api';
import { API_DOCS_PATH } from '../../contract/endpoint-path';
import type { Endpoint } from '../../contract/endpoint';
import { describeOperation } from './openapi-responses';

const table: Record<string, Endpoint> = endpoints;

/**
 * The endpoint table (contract/api) published as OpenAPI at /api/docs (JSON at /api/docs/json):
 * each route carries its entry's name as operationId, its schemas, and what its entry says
 * about auth, multipart bodies, redirects and throttling.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: { info: { title: 'Kaleido API', version: '1.0.0' } },
    transform(input) {
      const out = jsonSchemaTransform(input) as { schema: Record<string, unknown>; url: string };
      const name = (input.schema as { operationId?: string } | undefined)?.operationId;
      const entry = name ? table[name] : undefined;
      if (!entry) return out;
      return { ...out, schema: describeOperation({ method: String(input.route.method), url: input.url, schema: out.schema }, entry).schema };
    },
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });
}
