import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { readSetting, saveSetting } from '../../kernel/settings/service.js';
import * as service from './service.js';

const tags = ['money'];

/** /api/application/money-reports/… : the office's money at a glance, for super-admins (ADR 0092). */
export default async function moneyReportRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'getMoneyReceivedDaily', {
      tags,
      summary: 'Money in per day and method, net of refunds and reversals (super-admins)',
      description: 'Query from, to (YYYY-MM-DD; this month to today by default; at most 400 days). Amounts in paisa.',
    }),
    handler: async (request) => service.receivedDaily(ctx, request.query),
  });

  r.route({
    ...apiRoute(app, 'getMoneyReceivedMonthly', {
      tags,
      summary: 'Money in per month and method over a fiscal year, July to June (super-admins)',
      description: 'Query fiscalYear as 2026-27; the current one by default.',
    }),
    handler: async (request) => service.receivedMonthly(ctx, request.query.fiscalYear),
  });

  r.route({
    ...apiRoute(app, 'getMoneyOutstanding', {
      tags,
      summary: 'The applications that owe, largest first, 50 a page, with what all owe together (super-admins)',
    }),
    handler: async (request) => service.outstanding(ctx, request.query.page),
  });

  r.route({
    ...apiRoute(app, 'exportMoneyEntries', {
      tags,
      summary: 'Every entry that moved money in a range as CSV for the accountant (super-admins; UTF-8, formula-safe cells)',
      produces: ['text/csv'],
    }),
    handler: async (request, reply) => {
      // Checked before the first byte: a refusal is a 400, not a broken file.
      const range = service.rangeOf(ctx, request.query);
      const body = Readable.from(service.exportEntriesCsv(ctx, request.user!, range));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="money-${range.from}-to-${range.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });

  r.route({
    ...apiRoute(app, 'getMoneyTile', {
      tags,
      summary: "The dashboard's figures: today's takings and what all applications owe (super-admins)",
    }),
    handler: async () => service.moneyTile(ctx),
  });
}

/** /api/users/settings/financial-retention: how long the books stay after an applicant's data goes. */
export async function financialRetentionRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'getFinancialRetention', {
      tags: ['settings'],
      summary: 'Years financial records stay after the applicant’s personal data is erased or the application deleted (super-admins)',
    }),
    handler: async () => readSetting(ctx.db, 'financialRetention'),
  });
  r.route({
    ...apiRoute(app, 'updateFinancialRetention', {
      tags: ['settings'],
      summary: 'Set the years financial records stay after the applicant’s personal data goes: 1 to 30, 6 by default (super-admins)',
    }),
    handler: async (request) => {
      const next = request.body;
      await saveSetting(ctx.db, 'financialRetention', next, {
        actorUserId: request.user!._id,
        entityId: 'financial-retention',
        details: { ...next },
      });
      return next;
    },
  });
}
