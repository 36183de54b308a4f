import {
  createExportRequestSchema,
  exportItemSchema,
  exportListSchema,
  exportParamsSchema,
  identifyingExportColumns,
  problemSchema,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem, notFound } from '../../plugins/problem';
import { currentUser } from '../identity/access.plugin';
import { actorOf } from '../staff/review-access';
import { scopeOf } from '../staff/staff-scope';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/**
 * Exports of the staff queue (ADR 110): asked for with the queue's filters, written by the job,
 * listed and downloaded by their requester only, within 24 hours, each download audited as a read.
 */
export const exportsRoutes: FastifyPluginAsyncZod<{ maxRows: number }> = async (app, options) => {
  const { exports, queue, changeQueue } = app.repositories;

  app.post(
    '/api/Staff/exports',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: "Asks for an export of the queue's filtered rows (the caller's counties), written in the background",
        body: createExportRequestSchema,
        response: { 202: exportItemSchema, 422: problemSchema, ...problems },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const columns = body.deIdentified
        ? body.columns.filter((column) => !identifyingExportColumns.includes(column))
        : body.columns;
      if (columns.length === 0) throw new HttpProblem(400, 'exportNoColumns');
      const scope = scopeOf(currentUser(request));
      const rows =
        body.kind === 'application'
          ? await queue.count(scope, body.filters)
          : await changeQueue.count(scope, body.filters);
      if (rows > options.maxRows) {
        throw new HttpProblem(422, 'exportTooLarge', { values: { rows, max: options.maxRows } });
      }
      const row = await exports.create(actorOf(request), {
        kind: body.kind,
        filters: body.filters,
        columns,
        format: body.format,
        deIdentified: body.deIdentified,
        totalRows: rows,
      });
      return reply.code(202).send(exports.toItem(row, app.clock.now()));
    },
  );

  app.get(
    '/api/Staff/exports',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: "The caller's exports, newest first, with their progress and download links",
        response: { 200: exportListSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return { items: await exports.listFor(currentUser(request).id) };
    },
  );

  app.get(
    '/api/Staff/exports/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: "One of the caller's exports",
        params: exportParamsSchema,
        response: { 200: exportItemSchema, ...problems },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const row = await exports.ofRequester(request.params.id, currentUser(request).id);
      if (!row) throw notFound('notFoundExport');
      return exports.toItem(row, app.clock.now());
    },
  );

  app.get(
    '/api/Staff/exports/:id/file',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        summary: "An export's file: its requester only, within 24 hours of it being ready; audited as a read",
        params: exportParamsSchema,
        response: {
          200: z.unknown().describe('the XLSX or CSV file'),
          409: problemSchema,
          410: problemSchema,
          ...problems,
        },
      },
    },
    async (request, reply) => {
      const row = await exports.ofRequester(request.params.id, currentUser(request).id);
      if (!row) throw notFound('notFoundExport');
      if (row.status !== 'ready' || row.blob_key === null) throw new HttpProblem(409, 'exportNotReady');
      if (!exports.downloadable(row)) throw new HttpProblem(410, 'exportExpired');
      const stream = await app.blobs.read(row.blob_key);
      await exports.recordDownload(actorOf(request), row);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="export-${row.id}.${row.format}"`)
        .type(CONTENT_TYPES[row.format])
        .send(stream);
    },
  );
};
