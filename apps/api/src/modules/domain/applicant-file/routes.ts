import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STATUS_ACTIONS, type StatusAction } from '@visa/shared/applicant-file';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { uploadRoutes } from '../../../plugins/uploads.js';
import { readDocumentUpload } from './documents.js';
import { addDocuments, changeStatus, copyPdf, getHistory, removeDocument } from './service.js';
import { copyVerification } from './verification.js';

/**
 * /api/application/… routes for one application's file (docs/product.md#api-applicant-file): the
 * status actions, documents, history, and the printable copy. For staff of any role.
 */
export default async function applicantFileRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['applicant file'];

  for (const [action, { route, status }] of Object.entries(STATUS_ACTIONS) as [StatusAction, (typeof STATUS_ACTIONS)[StatusAction]][]) {
    r.route({
      ...apiRoute(app, route, {
        tags,
        summary: `Set the status to ${status}`,
        description:
          'Optional JSON {"date":"YYYY-MM-DD"} (default: today in APP_TIMEZONE) sets the visa collect date (pending) or ' +
          'approve date (approve); reject takes no date. Setting the status an application already has is 409. ' +
          'Queues an email to the applicant and records the change in the history.',
      }),
      handler: async (request) => changeStatus(ctx, request.user!, request.params.id, action, request.body.date),
    });
  }

  await uploadRoutes(app, (scope) => {
    const u = scope.withTypeProvider<ZodTypeProvider>();
    u.route({
      ...apiRoute(scope, 'addDocuments', {
        tags,
        summary: 'Add documents',
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: one or more `file1` files (JPEG or PNG by their bytes, at most 7 MB each, at most 10 per request) ' +
          'and one `label` per file in the same order (Job Letter, LMIA, Visa, Visa Form, Work Permit, Air Tickets, Other; ' +
          'without labels every file is Other). One bad file and none are stored. Answers the application with all its documents.',
      }),
      handler: async (request) => {
        const upload = await readDocumentUpload(request);
        return addDocuments(ctx, request.user!, request.params.id, upload);
      },
    });
  });

  r.route({
    ...apiRoute(app, 'deleteDocument', { tags, summary: 'Remove one document' }),
    handler: async (request) => removeDocument(ctx, request.user!, request.params.id, request.params.documentId),
  });

  r.route({
    ...apiRoute(app, 'getHistory', {
      tags,
      summary: 'History and email deliveries',
      description:
        'The audit trail of the application (oldest first) and every email to the applicant with its delivery status (newest first).',
    }),
    handler: async (request) => getHistory(ctx, request.params.id),
  });

  r.route({
    ...apiRoute(app, 'getCopyVerification', {
      tags,
      summary: 'Where a printed copy can be checked',
      description: 'The public enquiry address and its QR code as an SVG path, printed on every applicant copy.',
    }),
    handler: async () => copyVerification(ctx.config.publicUrl),
  });

  // Not through the zod type provider: its reply type would only admit the JSON error shapes.
  app.route<{ Params: { id: string } }>({
    ...apiRoute(app, 'downloadCopyPdf', {
      tags,
      summary: 'The applicant copy as a PDF',
      description:
        'application/pdf, A4: the copy (photo, sections A–D, visa dates, reference and QR) then one page per document; 410 once the personal data was erased.',
    }),
    handler: async (request, reply) => {
      const { bytes, filename } = await copyPdf(ctx, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  });
}
