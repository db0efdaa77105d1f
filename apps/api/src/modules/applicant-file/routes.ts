import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApplicationHistorySchema,
  CopyVerificationSchema,
  DocumentParamsSchema,
  STATUS_ACTIONS,
  StatusActionBodySchema,
  type StatusAction,
} from '@visa/shared/applicant-file';
import { ApplicationSchema } from '@visa/shared/applications';
import { ErrorBodySchema } from '@visa/shared/errors';
import { IdParamsSchema } from '@visa/shared/ids';
import type { RouteOptions } from '../../context.js';
import { uploadRoutes } from '../../plugins/uploads.js';
import { readDocumentUpload } from './documents.js';
import { addDocuments, changeStatus, copyPdf, getHistory, removeDocument } from './service.js';
import { copyVerification } from './verification.js';

/**
 * /api/application/… routes for one application's file (docs/product.md#api-applicant-file): the
 * status actions, documents, history, and the printable copy. For staff of any role.
 */
export default async function applicantFileRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = {
    400: ErrorBodySchema,
    401: ErrorBodySchema,
    403: ErrorBodySchema,
    404: ErrorBodySchema,
    409: ErrorBodySchema,
  };
  const tags = ['applicant file'];

  for (const [action, { path, status }] of Object.entries(STATUS_ACTIONS) as [StatusAction, (typeof STATUS_ACTIONS)[StatusAction]][]) {
    r.put(
      `/${path}/:id`,
      {
        schema: {
          tags,
          summary: `Set the status to ${status}`,
          description:
            'Optional JSON {"date":"YYYY-MM-DD"} (default: today in APP_TIMEZONE) sets the visa collect date (pending) or ' +
            'approve date (approve); reject takes no date. Setting the status an application already has is 409. ' +
            'Queues an email to the applicant and records the change in the history.',
          params: IdParamsSchema,
          body: StatusActionBodySchema,
          response: { 200: ApplicationSchema, ...errors },
        },
      },
      async (request) => changeStatus(ctx, request.user!, request.params.id, action, request.body.date),
    );
  }

  await uploadRoutes(app, (scope) => {
    const u = scope.withTypeProvider<ZodTypeProvider>();
    u.put(
      '/updateApplicationAdd/:id',
      {
        schema: {
          tags,
          summary: 'Add documents',
          consumes: ['multipart/form-data'],
          description:
            'multipart/form-data: one or more `file1` files (JPEG or PNG by their bytes, at most 7 MB each, at most 10 per request) ' +
            'and one `label` per file in the same order (Job Letter, LMIA, Visa, Visa Form, Work Permit, Air Tickets, Other; ' +
            'without labels every file is Other). One bad file and none are stored. Answers the application with all its documents.',
          params: IdParamsSchema,
          response: { 200: ApplicationSchema, ...errors, 413: ErrorBodySchema, 415: ErrorBodySchema },
        },
      },
      async (request) => {
        const upload = await readDocumentUpload(request);
        return addDocuments(ctx, request.user!, request.params.id, upload);
      },
    );
  });

  r.delete(
    '/deleteApplicationDocument/:id/:documentId',
    {
      schema: {
        tags,
        summary: 'Remove one document',
        params: DocumentParamsSchema,
        response: { 200: ApplicationSchema, ...errors },
      },
    },
    async (request) => removeDocument(ctx, request.user!, request.params.id, request.params.documentId),
  );

  r.get(
    '/applicationHistory/:id',
    {
      schema: {
        tags,
        summary: 'History and email deliveries',
        description:
          'The audit trail of the application (oldest first) and every email to the applicant with its delivery status (newest first).',
        params: IdParamsSchema,
        response: { 200: ApplicationHistorySchema, ...errors },
      },
    },
    async (request) => getHistory(ctx, request.params.id),
  );

  r.get(
    '/applicantCopyVerification',
    {
      schema: {
        tags,
        summary: 'Where a printed copy can be checked',
        description: 'The public enquiry address and its QR code as an SVG path, printed on every applicant copy.',
        response: { 200: CopyVerificationSchema, 401: ErrorBodySchema },
      },
    },
    async () => copyVerification(ctx.config.publicUrl),
  );

  // Not through the zod type provider: its reply type would only admit the JSON error shapes.
  app.get<{ Params: { id: string } }>(
    '/applicationCopyPdf/:id',
    {
      schema: {
        tags,
        summary: 'The applicant copy as a PDF',
        description:
          'application/pdf, A4: the copy (photo, sections A–D, visa dates, reference and QR) then one page per document; 410 once the personal data was erased.',
        params: IdParamsSchema,
        response: { ...errors, 410: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { bytes, filename } = await copyPdf(ctx, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
}
