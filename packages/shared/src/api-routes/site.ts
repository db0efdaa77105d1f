import { z } from 'zod';
import { IdParamsSchema } from '../id-schema.js';
import { OfficeContactViewSchema } from '../office-contact.js';
import {
  PrivacyConsentSchema,
  PrivacyConsentSettingSchema,
  PrivacyNoticeInputSchema,
  PrivacyNoticeListSchema,
  PrivacyNoticeSchema,
  PrivacyOverviewSchema,
  WithdrawPrivacyConsentSchema,
} from '../privacy.js';
import { SlideDeletedSchema, SlideListSchema, SlideReorderSchema, SlideSchema, SlideUpdateSchema } from '../slides.js';
import { errors } from './errors.js';

// The providers' bodies are read as text: their signatures are made over the exact bytes.
const refused = errors(403, 404);
const privacy = errors(400, 401, 403, 404, 409);
const slide = errors(400, 401, 403, 404);
const slideUpload = errors(400, 401, 403, 404, 413, 415);

/** The request and response schemas of the receipts, the office's contact details, privacy and slides (api-paths.ts). */
export const SITE_ROUTES = {
  twilioReceipt: { body: z.string(), response: { 204: z.null(), ...errors(400), ...refused } },
  whatsappVerify: {
    querystring: z.object({
      'hub.mode': z.string().max(40).optional(),
      'hub.verify_token': z.string().max(200).optional(),
      'hub.challenge': z.string().max(200).optional(),
    }),
    response: { 200: z.string(), ...refused },
  },
  whatsappReceipt: { body: z.string(), response: { 200: z.object({ applied: z.number() }), ...errors(400), ...refused } },

  getOfficeContact: { response: { 200: OfficeContactViewSchema } },

  getPrivacyOverview: { response: { 200: PrivacyOverviewSchema, ...errors(401) } },
  getPrivacyConsent: { params: IdParamsSchema, response: { 200: PrivacyConsentSchema, ...privacy } },
  withdrawPrivacyConsent: {
    params: IdParamsSchema,
    body: WithdrawPrivacyConsentSchema,
    response: { 200: PrivacyConsentSchema, ...privacy },
  },
  // A ZIP: only its refusals are JSON.
  downloadApplicantData: { params: IdParamsSchema, response: errors(400, 401, 403, 404, 429) },
  listPrivacyNotices: { response: { 200: PrivacyNoticeListSchema, ...privacy } },
  publishPrivacyNotice: { body: PrivacyNoticeInputSchema, response: { 200: PrivacyNoticeSchema, ...privacy } },
  setPrivacyConsentRequired: { body: PrivacyConsentSettingSchema, response: { 200: PrivacyConsentSettingSchema, ...privacy } },

  listSlides: { response: { 200: SlideListSchema, ...errors(401) } },
  getSlide: { params: IdParamsSchema, response: { 200: SlideSchema, ...slide } },
  createSlide: { response: { 201: SlideSchema, ...slideUpload } },
  updateSlide: { params: IdParamsSchema, body: SlideUpdateSchema, response: { 200: SlideSchema, ...slide } },
  updateSlideImage: { params: IdParamsSchema, response: { 200: SlideSchema, ...slideUpload } },
  deleteSlide: { params: IdParamsSchema, response: { 200: SlideDeletedSchema, ...slide } },
  reorderSlides: { body: SlideReorderSchema, response: { 200: SlideListSchema, ...slide, ...errors(409) } },
} as const;
