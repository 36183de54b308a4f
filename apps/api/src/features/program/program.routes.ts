import { programProfileSchema } from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerWrittenOnce } from '../../plugins/serializer';

export const programRoutes: FastifyPluginAsyncZod = async (app) => {
  // The profile is the same for the life of the process: written once, sent as written.
  const answerOnce = answerWrittenOnce<typeof app.programProfile>();
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
    async (_request, reply) =>
      answerOnce(reply.header('cache-control', 'public, max-age=300'), app.programProfile, (profile) => profile),
  );
};
