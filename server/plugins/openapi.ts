import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { describeOperation } from './openapi-responses';

/** Every route's zod schema, published as OpenAPI at /api/docs (JSON at /api/docs/json). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: { info: { title: 'Kaleido API', version: '1.0.0' } },
    transform(input) {
      const out = jsonSchemaTransform(input) as { schema: Record<string, unknown>; url: string };
      const method = String(input.route.method);
      return { ...out, schema: describeOperation({ method, url: input.url, schema: out.schema }).schema };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
