import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type OfficeContact, toOfficeContactView } from '@visa/shared/office-contact';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { readSetting, saveSetting } from './service.js';

/** The office's settings: the owner's to read and change (super-admins only; their route group checks the role). */
export default async function settingsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'getSecuritySettings', { tags: ['users'], summary: 'The office-wide security settings (super-admins)' }),
    handler: async () => ({ requireSecondFactor: await readSetting(db, 'requireSecondFactor') }),
  });

  r.route({
    ...apiRoute(app, 'updateSecuritySettings', {
      tags: ['users'],
      summary:
        'Change the office-wide security settings (super-admins): requireSecondFactor makes every staff account set up two-step sign-in',
    }),
    handler: async (request) => {
      const { requireSecondFactor } = request.body;
      await saveSetting(db, 'requireSecondFactor', requireSecondFactor, {
        actorUserId: request.user!._id,
        entityId: 'security',
        details: { requireSecondFactor },
      });
      return { requireSecondFactor };
    },
  });

  r.route({
    ...apiRoute(app, 'updateOfficeContact', {
      tags: ['settings'],
      summary:
        "Set the office's contact details for the public site (super-admins): multi-line address and opening hours with optional Bengali versions, phone (stored in E.164), email, https map link",
    }),
    handler: async (request) => {
      const next: OfficeContact = request.body;
      await saveSetting(db, 'officeContact', next, {
        actorUserId: request.user!._id,
        entityId: 'office-contact',
        // The names of the fields that changed: enough to answer "who changed the phone, when".
        details: (before) => ({ changed: (Object.keys(next) as (keyof OfficeContact)[]).filter((key) => before[key] !== next[key]) }),
      });
      return toOfficeContactView(next);
    },
  });

  r.route({
    ...apiRoute(app, 'getDocumentRequestSettings', {
      tags: ['settings'],
      summary: 'The document checklists per visa type and the grace days of a request link (super-admins)',
    }),
    handler: async () => readSetting(db, 'documentRequests'),
  });

  r.route({
    ...apiRoute(app, 'updateDocumentRequestSettings', {
      tags: ['settings'],
      summary:
        'Set the document checklists per visa type (items in English and Bangla, required or optional, accepted types, size limit), the grace days and who is told of files sent (super-admins)',
    }),
    handler: async (request) => {
      const next = request.body;
      await saveSetting(db, 'documentRequests', next, {
        actorUserId: request.user!._id,
        entityId: 'document-requests',
        details: {
          graceDays: next.graceDays,
          uploadAlerts: next.uploadAlerts,
          items: { Work: next.checklists.Work.length, Visit: next.checklists.Visit.length, Student: next.checklists.Student.length },
        },
      });
      return next;
    },
  });
}
