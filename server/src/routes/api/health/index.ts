import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { Health } from '@fu/shared/contracts';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/', { schema: { tags: ['Health'], response: { 200: Health } } }, async () => {
    await app.database.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: app.database.kind };
  });
};

export default healthRoutes;
