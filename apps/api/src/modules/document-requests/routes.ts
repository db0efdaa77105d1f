import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AskAgainSchema,
  DocumentsToReviewSchema,
  NewDocumentRequestSchema,
  PublicDocumentRequestSchema,
  StaffDocumentRequestSchema,
} from '@visa/shared/document-requests';
import { ErrorBodySchema } from '@visa/shared/errors';
import { IdParamsSchema } from '@visa/shared/ids';
import type { RouteOptions } from '../../context.js';
import { openRequestOf } from './page-access.js';
import { acceptItem, askAgain } from './review.js';
import { documentsToReview, publicView, revokeRequest, sendRequest, staffView } from './service.js';

const ItemParamsSchema = IdParamsSchema.extend({ itemId: z.string().min(1).max(40) });

/** /api/application/… routes of the document request on an applicant file: for staff of any role, as edits are. */
export default async function documentRequestRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['document requests'];
  const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

  r.get(
    '/documentRequest/:id',
    {
      schema: {
        tags,
        summary: "The checklist of the application's visa type and its latest document request",
        params: IdParamsSchema,
        response: { 200: StaffDocumentRequestSchema, ...errors },
      },
    },
    async (request) => staffView(ctx, request.params.id),
  );

  r.post(
    '/documentRequest/:id',
    {
      schema: {
        tags,
        summary:
          'Send a document request: the applicant gets a link by email, SMS or WhatsApp as they agreed; an earlier link of the application stops working',
        params: IdParamsSchema,
        body: NewDocumentRequestSchema,
        response: { 200: StaffDocumentRequestSchema, ...errors },
      },
    },
    async (request) => sendRequest(ctx, request.user!, request.params.id, request.body),
  );

  r.delete(
    '/documentRequest/:id',
    {
      schema: {
        tags,
        summary: 'Revoke the link of the document request',
        params: IdParamsSchema,
        response: { 200: StaffDocumentRequestSchema, ...errors },
      },
    },
    async (request) => revokeRequest(ctx, request.user!, request.params.id),
  );

  r.post(
    '/documentRequest/:id/items/:itemId/accept',
    {
      schema: {
        tags,
        summary: "Accept a received file: it becomes one of the application's documents",
        params: ItemParamsSchema,
        response: { 200: StaffDocumentRequestSchema, ...errors },
      },
    },
    async (request) => acceptItem(ctx, request.user!, request.params.id, request.params.itemId),
  );

  r.post(
    '/documentRequest/:id/items/:itemId/ask-again',
    {
      schema: {
        tags,
        summary: 'Ask for a received file again, with a reason the applicant sees; the applicant is emailed',
        params: ItemParamsSchema,
        body: AskAgainSchema,
        response: { 200: StaffDocumentRequestSchema, ...errors },
      },
    },
    async (request) => askAgain(ctx, request.user!, request.params.id, request.params.itemId, request.body.reason),
  );

  r.get(
    '/documentsToReview',
    {
      schema: {
        tags,
        summary: 'How many files applicants sent that staff have not reviewed yet',
        response: { 200: DocumentsToReviewSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => documentsToReview(ctx),
  );
}

/** GET /api/documents: what the applicant's page shows, for the token in the X-Document-Token header. */
export async function documentPageRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/documents',
    {
      schema: {
        tags: ['document requests'],
        summary: "The applicant's document list (token in the X-Document-Token header, never in the URL)",
        response: { 200: PublicDocumentRequestSchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => publicView(ctx, await openRequestOf(ctx, request, reply)),
  );
}
