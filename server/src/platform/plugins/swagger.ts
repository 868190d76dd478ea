import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** OpenAPI generated from the route schemas, browsable at /api/docs. */
export default fp(async function openApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Fundraising University API', version: '1.0.0' },
      components: {
        securitySchemes: { adminToken: { type: 'http', scheme: 'bearer', description: 'ADMIN_API_TOKEN' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
