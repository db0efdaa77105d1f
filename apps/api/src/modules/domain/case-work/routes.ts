import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { readSetting, saveSetting } from '../../kernel/settings/service.js';
import { passportCustody } from './custody.js';
import { addLetter, changeLetter, getCase, recordStep } from './service.js';
import { myWork } from './work.js';

const tags = ['case'];

/** /api/application/case/… : an application's stages, steps and IRCC letters (ADR 0077), for staff of any role. */
export default async function caseRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'getCase', {
      tags,
      summary: "The application's stage, IRCC number, letters with their deadlines and owners, timeline, and where its passport is",
    }),
    handler: async (request) => ({ ...(await getCase(ctx, request.params.id)), passport: await passportCustody(ctx, request.params.id) }),
  });

  r.route({
    ...apiRoute(app, 'getMyWork', {
      tags,
      summary: 'Open IRCC letters overdue, due today and due within seven days: mine, or (super-admins) everyone’s',
    }),
    handler: async (request) => myWork(ctx, request.user!, request.query.who),
  });

  r.route({
    ...apiRoute(app, 'recordCaseStep', {
      tags,
      summary: 'Record a step of the case',
      description:
        'JSON {kind, date, irccNumber?, stage?, letterId?, note?}. `submitted` needs the IRCC application number (one or two ' +
        'letters and nine digits); `moved` needs a stage the office has on (not the decision: that is Approve or Reject). ' +
        'A step that answers a letter (biometrics given or exempt, medical done, documents sent, passport handed in) closes ' +
        'its open letters, or only `letterId`. Only an appointment may be dated ahead. 409 for an erased application.',
    }),
    handler: async (request) => recordStep(ctx, request.user!, request.params.id, request.body),
  });

  r.route({
    ...apiRoute(app, 'addCaseLetter', {
      tags,
      summary: 'Enter a letter from IRCC',
      description:
        "JSON {kind, letterDate, deadline?, reason?, ownerId?, note?}. The deadline is the office's rule for the kind " +
        '(30 days for biometrics, medical and passport request by default); another deadline needs a reason, and a ' +
        'letter whose kind has no rule (documents requested, procedural fairness) needs its deadline. The owner is ' +
        'the member of staff entering it unless another is named.',
    }),
    handler: async (request) => addLetter(ctx, request.user!, request.params.id, request.body),
  });

  r.route({
    ...apiRoute(app, 'changeCaseLetter', {
      tags,
      summary: "Move an open letter's deadline (with a reason) or give it another owner",
      description:
        "JSON {deadline?, reason?, ownerId?}. A deadline other than the rule's needs a reason; the rule's deadline is " +
        'kept beside it. The owner must be a member of staff. 409 for a letter already done or an erased application.',
    }),
    handler: async (request) => changeLetter(ctx, request.user!, request.params.id, request.params.letterId, request.body),
  });
}

/** GET /api/users/settings/case: every member of staff reads the stages and rules their forms offer. */
export async function caseSettingsReadRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'getCaseSettings', {
      tags: ['settings'],
      summary: "The office's stages, letter rules, reminder days and digest hour",
    }),
    handler: async () => readSetting(ctx.db, 'caseWork'),
  });
}

/** PUT /api/users/settings/case: the owner's. */
export async function caseSettingsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'updateCaseSettings', {
      tags: ['settings'],
      summary:
        "Set the stages (order, names in English and Bangla, hidden or not, the office's own), the days each letter gives, reminder days and the digest hour (super-admins)",
    }),
    handler: async (request) => {
      const next = request.body;
      await saveSetting(ctx.db, 'caseWork', next, { actorUserId: request.user!._id, entityId: 'case', details: { ...next } });
      return next;
    },
  });
}
