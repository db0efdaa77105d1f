import { z } from 'zod';
import { ApplicationHistorySchema, CopyVerificationSchema, DocumentParamsSchema, StatusActionBodySchema } from '../applicant-file.js';
import {
  ApplicationExportQuerySchema,
  ApplicationListQuerySchema,
  ApplicationPageSchema,
  ApplicationSchema,
  ApplicationStatsSchema,
  MessageResponseSchema,
  normalizePassport,
} from '../applications.js';
import {
  AskAgainSchema,
  DocumentsToReviewSchema,
  NewDocumentRequestSchema,
  PublicDocumentRequestSchema,
  SentDocumentRequestSchema,
  StaffDocumentRequestSchema,
} from '../document-requests.js';
import { EnquiryQuerySchema, EnquiryResponseSchema } from '../enquiry.js';
import { IdParamsSchema, IdSchema } from '../id-schema.js';
import { EraseApplicationSchema } from '../retention.js';
import { errors } from './errors.js';

const AvailabilityQuerySchema = z.object({
  email: z.string().trim().toLowerCase().max(254).default(''),
  passport: z.string().max(40).transform(normalizePassport).default(''),
  exceptId: IdSchema.optional(),
});

const ItemParamsSchema = IdParamsSchema.extend({ itemId: z.string().min(1).max(40) });

const read = errors(400, 401, 403, 404);
const upload = errors(400, 401, 403, 404, 409, 413, 415);
const fileErrors = errors(400, 401, 403, 404, 409);
const statusAction = { params: IdParamsSchema, body: StatusActionBodySchema, response: { 200: ApplicationSchema, ...fileErrors } };
const documentRequest = { params: IdParamsSchema, response: { 200: StaffDocumentRequestSchema, ...fileErrors } };
const statusCheck = { 200: EnquiryResponseSchema, ...errors(400, 429) };

/** The request and response schemas of applications, applicant files, document requests and the status check (api-paths.ts). */
export const APPLICATION_ROUTES = {
  listApplications: { querystring: ApplicationListQuerySchema, response: { 200: ApplicationPageSchema, ...read } },
  getApplication: { params: IdParamsSchema, response: { 200: ApplicationSchema, ...read } },
  checkAvailability: {
    querystring: AvailabilityQuerySchema,
    response: { 200: z.object({ emailTaken: z.boolean(), passportTaken: z.boolean() }), ...read },
  },
  createApplication: { response: { 201: ApplicationSchema, ...upload } },
  updateApplication: { params: IdParamsSchema, response: { 200: ApplicationSchema, ...upload } },
  deleteApplication: { params: IdParamsSchema, response: { 200: MessageResponseSchema, ...read } },
  // CSV: no JSON answer to describe.
  exportApplications: { querystring: ApplicationExportQuerySchema },
  getStats: { response: { 200: ApplicationStatsSchema, ...read } },
  countFailedTextMessages: { response: { 200: z.object({ failed: z.number() }), ...errors(401, 403) } },
  setStatusPending: statusAction,
  setStatusApprove: statusAction,
  setStatusReject: statusAction,
  addDocuments: { params: IdParamsSchema, response: { 200: ApplicationSchema, ...upload } },
  deleteDocument: { params: DocumentParamsSchema, response: { 200: ApplicationSchema, ...fileErrors } },
  getHistory: { params: IdParamsSchema, response: { 200: ApplicationHistorySchema, ...fileErrors } },
  getCopyVerification: { response: { 200: CopyVerificationSchema, ...errors(401) } },
  // A PDF: only its refusals are JSON.
  downloadCopyPdf: { params: IdParamsSchema, response: { ...fileErrors, ...errors(410) } },
  eraseApplication: { params: IdParamsSchema, body: EraseApplicationSchema, response: { 200: MessageResponseSchema, ...fileErrors } },

  getDocumentRequest: documentRequest,
  sendDocumentRequest: { ...documentRequest, body: NewDocumentRequestSchema, response: { 200: SentDocumentRequestSchema, ...fileErrors } },
  revokeDocumentRequest: documentRequest,
  acceptDocument: { ...documentRequest, params: ItemParamsSchema },
  askDocumentAgain: { ...documentRequest, params: ItemParamsSchema, body: AskAgainSchema },
  countDocumentsToReview: { response: { 200: DocumentsToReviewSchema, ...errors(401, 403) } },
  getDocumentsPage: { response: { 200: PublicDocumentRequestSchema, ...errors(404, 429) } },
  // tus reads and answers the raw request itself.
  startUpload: {},
  continueUpload: {},

  checkStatus: { querystring: EnquiryQuerySchema, response: statusCheck },
  checkStatusByPost: { body: EnquiryQuerySchema, response: statusCheck },
} as const;
