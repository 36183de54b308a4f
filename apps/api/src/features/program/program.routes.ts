import { programProfileSchema } from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const programRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/Program/get-profile',
    {
      config: { access: 'public' },
      schema: {
        tags: ['program'],
        summary: 'The program profile: product and agency names, contacts, forms and program facts',
        response: { 200: programProfileSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return app.programProfile;
    },
  );
};
