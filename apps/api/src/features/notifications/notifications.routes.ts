import {
  inboxItemParamsSchema,
  inboxListQuerySchema,
  messageListSchema,
  messageSchema,
  notificationListSchema,
  problemSchema,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../plugins/problem';
import { currentUser } from '../identity/access.plugin';

const problems = { 400: problemSchema, 401: problemSchema, 404: problemSchema };
const done = { 204: z.null(), ...problems };

/**
 * The signed-in user's notifications (the header's bell) and messages (the Inbox). Only one's
 * own: another user's item answers 404, as if it did not exist.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.repositories;
  const authenticated = { access: 'authenticated' as const };

  app.get(
    '/api/Notifications',
    {
      config: authenticated,
      schema: {
        tags: ['notifications'],
        summary: "The user's notifications, newest first, with how many are unread",
        querystring: inboxListQuerySchema,
        response: { 200: notificationListSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return notifications.notifications(currentUser(request).id, request.query.limit);
    },
  );

  app.post(
    '/api/Notifications/:id/read',
    {
      config: authenticated,
      schema: {
        tags: ['notifications'],
        summary: 'Marks a notification read',
        params: inboxItemParamsSchema,
        response: done,
      },
    },
    async (request, reply) => {
      if (!(await notifications.readNotification(currentUser(request).id, request.params.id)))
        throw notFound('notFoundNotification');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/Notifications/read-all',
    {
      config: authenticated,
      schema: { tags: ['notifications'], summary: "Marks all the user's notifications read", response: done },
    },
    async (request, reply) => {
      await notifications.readAllNotifications(currentUser(request).id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/Notifications/:id',
    {
      config: authenticated,
      schema: {
        tags: ['notifications'],
        summary: 'Dismisses a notification for good',
        params: inboxItemParamsSchema,
        response: done,
      },
    },
    async (request, reply) => {
      if (!(await notifications.dismissNotification(currentUser(request).id, request.params.id)))
        throw notFound('notFoundNotification');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/Messages',
    {
      config: authenticated,
      schema: {
        tags: ['notifications'],
        summary: "The user's Inbox, newest first, with how many messages are unread",
        querystring: inboxListQuerySchema,
        response: { 200: messageListSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return notifications.messages(currentUser(request).id, request.query.limit);
    },
  );

  app.get(
    '/api/Messages/:id',
    {
      config: authenticated,
      schema: {
        tags: ['notifications'],
        summary: 'One message with its full text and links',
        params: inboxItemParamsSchema,
        response: { 200: messageSchema, ...problems },
      },
    },
    async (request, reply) => {
      const message = await notifications.message(currentUser(request).id, request.params.id);
      if (!message) throw notFound('notFoundMessage');
      void reply.header('cache-control', 'private, no-store');
      return message;
    },
  );

  app.post(
    '/api/Messages/:id/read',
    {
      config: authenticated,
      schema: {
        tags: ['notifications'],
        summary: 'Marks a message read',
        params: inboxItemParamsSchema,
        response: done,
      },
    },
    async (request, reply) => {
      if (!(await notifications.readMessage(currentUser(request).id, request.params.id)))
        throw notFound('notFoundMessage');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/Messages/read-all',
    {
      config: authenticated,
      schema: { tags: ['notifications'], summary: "Marks all the user's messages read", response: done },
    },
    async (request, reply) => {
      await notifications.readAllMessages(currentUser(request).id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/Messages/:id',
    {
      config: authenticated,
      schema: { tags: ['notifications'], summary: 'Deletes a message', params: inboxItemParamsSchema, response: done },
    },
    async (request, reply) => {
      if (!(await notifications.deleteMessage(currentUser(request).id, request.params.id)))
        throw notFound('notFoundMessage');
      return reply.code(204).send(null);
    },
  );
};
