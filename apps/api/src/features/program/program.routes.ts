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
      // The profile was read through its schema at start; its texts' schemas turn strings into
      // maps, a one-way step zod cannot run backwards, so the answer is written as it was read.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return app.programProfile;
    },
  );
};
