import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas the routes validate with, at /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance, options: { productName: string; version: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${options.productName} API`,
        description: 'Every call of the portal. Errors are application/problem+json (RFC 9457).',
        version: options.version,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The integration API's keys (/api/v1/*, ADR 112): either header, the same `ccapk_…` secret.
          apiKeyBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'ccapk_ API key' },
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
