import { devMailListSchema, problemSchema } from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../plugins/problem';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The development mail view: with the embedded default and no mail server, confirmation and
 * reset mails are read here. Only on the embedded default, and only from this machine.
 */
export const devMailRoutes: FastifyPluginAsyncZod<{ enabled: boolean }> = async (app, { enabled }) => {
  app.get(
    '/api/Dev/mail',
    {
      config: { access: 'public' },
      schema: {
        tags: ['development'],
        summary: 'Recent outbox mails (embedded default only)',
        response: { 200: devMailListSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      if (!enabled || !LOOPBACK.has(request.socket.remoteAddress ?? '')) throw notFound('notFoundMailView');
      return reply.header('cache-control', 'no-store').send({ data: await app.repositories.mail.latest() });
    },
  );
};
