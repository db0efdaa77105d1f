import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { heldPassports, recordHandover } from './custody.js';
import { handoverSlip } from './custody-slip.js';

const tags = ['case'];

/** Passport custody (ADR 0082): handovers, their printed slips and the passports the office holds, for staff of any role. */
export default async function custodyRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'recordPassportHandover', {
      tags,
      summary: "Record a handover of the applicant's passport",
      description:
        'JSON {from, to, date, counterpart?, note?}: applicant→office, office→vfs, vfs→office, office→applicant or ' +
        'vfs→applicant; the date not in the future nor before the last handover. Handing it in records the ' +
        '`passport-handed` step (closing open passport requests), giving it back `passport-returned`. 409 when the ' +
        'passport is not where `from` says, for an erased application, and for taking in or sending on the passport ' +
        'of an applicant who withdrew consent (returning it stays possible).',
    }),
    handler: async (request) => recordHandover(ctx, request.user!, request.params.id, request.body),
  });

  r.route({
    ...apiRoute(app, 'listHeldPassports', {
      tags,
      summary: 'The passports the office holds now (at the office or at VFS), longest held first',
    }),
    handler: async () => heldPassports(ctx),
  });

  // Not through the zod type provider: its reply type would only admit the JSON error shapes.
  app.route<{ Params: { id: string; handoverId: string } }>({
    ...apiRoute(app, 'downloadHandoverSlip', {
      tags,
      summary: 'The printable slip of a handover (PDF)',
      description:
        'application/pdf, A4: the office, the applicant, the application reference, the passport number, from and to, ' +
        'the date, the counterpart, who recorded it, and signature lines; never cached. 409 once the record was erased.',
    }),
    handler: async (request, reply) => {
      const { bytes, filename } = await handoverSlip(ctx, request.params.id, request.params.handoverId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  });
}
