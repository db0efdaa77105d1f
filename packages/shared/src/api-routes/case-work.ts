import { CaseSchema, LetterChangeSchema, LetterParamsSchema, NewLetterSchema, NewStepSchema } from '../case-work.js';
import {
  CaseWithPassportSchema,
  HandoverParamsSchema,
  HeldPassportListSchema,
  NewHandoverSchema,
  PassportCustodySchema,
} from '../passport-custody.js';
import { CaseSettingsSchema } from '../case-settings.js';
import { WorkListSchema, WorkQuerySchema } from '../case-work-lists.js';
import { IdParamsSchema } from '../id-schema.js';
import { CalendarFeedParamsSchema, CalendarFeedStatusSchema, NewCalendarFeedSchema } from '../staff-deadlines.js';
import { errors } from './errors.js';

const change = errors(400, 401, 403, 404, 409);

/** The request and response schemas of the case's stages, steps, letters and settings (ADR 0077). */
export const CASE_WORK_ROUTES = {
  getCase: { params: IdParamsSchema, response: { 200: CaseWithPassportSchema, ...errors(400, 401, 403, 404) } },
  recordCaseStep: { params: IdParamsSchema, body: NewStepSchema, response: { 200: CaseSchema, ...change } },
  addCaseLetter: { params: IdParamsSchema, body: NewLetterSchema, response: { 200: CaseSchema, ...change } },
  changeCaseLetter: { params: LetterParamsSchema, body: LetterChangeSchema, response: { 200: CaseSchema, ...change } },
  getMyWork: { querystring: WorkQuerySchema, response: { 200: WorkListSchema, ...errors(400, 401, 403) } },
  getCaseSettings: { response: { 200: CaseSettingsSchema, ...errors(401) } },
  updateCaseSettings: { body: CaseSettingsSchema, response: { 200: CaseSettingsSchema, ...errors(400, 401, 403) } },
  // Passport custody (ADR 0082).
  recordPassportHandover: { params: IdParamsSchema, body: NewHandoverSchema, response: { 200: PassportCustodySchema, ...change } },
  downloadHandoverSlip: { params: HandoverParamsSchema, response: errors(400, 401, 403, 404, 409) },
  listHeldPassports: { response: { 200: HeldPassportListSchema, ...errors(401, 403) } },

  // The calendar feed (ADR 0081); the feed itself is text/calendar.
  getCalendarFeed: { response: { 200: CalendarFeedStatusSchema, ...errors(401) } },
  createCalendarFeed: { response: { 200: NewCalendarFeedSchema, ...errors(401) } },
  revokeCalendarFeed: { response: { 200: CalendarFeedStatusSchema, ...errors(401) } },
  getCalendar: { params: CalendarFeedParamsSchema, response: errors(404, 429) },
} as const;
