import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DocumentRequestSettingsSchema } from '@visa/shared/document-requests';
import { ErrorBodySchema } from '@visa/shared/errors';
import { type OfficeContact, OfficeContactInputSchema, OfficeContactViewSchema, toOfficeContactView } from '@visa/shared/office-contact';
import { SecuritySettingsSchema } from '@visa/shared/second-factor';
import type { RouteOptions } from '../../context.js';
import { readSetting, saveSetting } from './service.js';

/** The office's settings: the owner's to read and change (super-admins only; their route group checks the role). */
export default async function settingsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  r.get(
    '/settings/security',
    {
      schema: {
        tags: ['users'],
        summary: 'The office-wide security settings (super-admins)',
        security,
        response: { 200: SecuritySettingsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => ({ requireSecondFactor: await readSetting(db, 'requireSecondFactor') }),
  );

  r.put(
    '/settings/security',
    {
      schema: {
        tags: ['users'],
        summary:
          'Change the office-wide security settings (super-admins): requireSecondFactor makes every staff account set up two-step sign-in',
        security,
        body: SecuritySettingsSchema,
        response: { 200: SecuritySettingsSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => {
      const { requireSecondFactor } = request.body;
      await saveSetting(db, 'requireSecondFactor', requireSecondFactor, {
        actorUserId: request.user!._id,
        entityId: 'security',
        details: { requireSecondFactor },
      });
      return { requireSecondFactor };
    },
  );

  r.put(
    '/settings/office-contact',
    {
      schema: {
        tags: ['settings'],
        summary:
          "Set the office's contact details for the public site (super-admins): multi-line address and opening hours with optional Bengali versions, phone (stored in E.164), email, https map link",
        security,
        body: OfficeContactInputSchema,
        response: { 200: OfficeContactViewSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => {
      const next: OfficeContact = request.body;
      await saveSetting(db, 'officeContact', next, {
        actorUserId: request.user!._id,
        entityId: 'office-contact',
        // The names of the fields that changed: enough to answer "who changed the phone, when".
        details: (before) => ({ changed: (Object.keys(next) as (keyof OfficeContact)[]).filter((key) => before[key] !== next[key]) }),
      });
      return toOfficeContactView(next);
    },
  );

  r.get(
    '/settings/document-requests',
    {
      schema: {
        tags: ['settings'],
        summary: 'The document checklists per visa type and the grace days of a request link (super-admins)',
        security,
        response: { 200: DocumentRequestSettingsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => readSetting(db, 'documentRequests'),
  );

  r.put(
    '/settings/document-requests',
    {
      schema: {
        tags: ['settings'],
        summary:
          'Set the document checklists per visa type (items in English and Bangla, required or optional, accepted types, size limit) and the grace days (super-admins)',
        security,
        body: DocumentRequestSettingsSchema,
        response: { 200: DocumentRequestSettingsSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => {
      const next = request.body;
      await saveSetting(db, 'documentRequests', next, {
        actorUserId: request.user!._id,
        entityId: 'document-requests',
        details: {
          graceDays: next.graceDays,
          items: { Work: next.checklists.Work.length, Visit: next.checklists.Visit.length, Student: next.checklists.Student.length },
        },
      });
      return next;
    },
  );
}
