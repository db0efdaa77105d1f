import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { readSetting, saveSetting } from '../../kernel/settings/service.js';
import { addEntry, getLedger, reverse } from './staff.js';

const tags = ['money'];

/** /api/application/money/… : an application's ledger, for staff of any role (ADR 0084). */
export default async function ledgerRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'getLedger', {
      tags,
      summary: "The application's charges, discounts, payments, refunds and reversals, with the totals and the balance owed",
      description:
        'Amounts are integer minor units (paisa; cents for a charge in Canadian dollars, with its rate in millionths of a taka).',
    }),
    handler: async (request) => getLedger(ctx, request.params.id),
  });

  r.route({
    ...apiRoute(app, 'addLedgerEntry', {
      tags,
      summary: 'Record a charge, a discount or a payment taken at the office',
      description:
        'JSON {kind: charge, description, amountMinor, currency, rateMicros?, feeCode?, occurredOn} | {kind: discount, description, ' +
        'amountMinor, occurredOn} | {kind: payment, method, amountMinor, occurredOn, transactionId?, reference?}. A bKash, Nagad ' +
        'or Rocket payment needs its transaction ID, used once across the office (409 names the application it was used on). ' +
        'A payment gets its receipt. 409 for an erased application.',
    }),
    handler: async (request) => addEntry(ctx, request.user!, request.params.id, request.body),
  });
}

/** A reversal, and the fee schedule's changes: the owner's. */
export async function ledgerOwnerRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...apiRoute(app, 'reverseLedgerEntry', {
      tags,
      summary: 'Reverse an entry with a credit note that names it (super-admins)',
      description:
        'JSON {reason}. Entries are never changed or deleted; each can be reversed once. A reversed payment frees its transaction ID.',
    }),
    handler: async (request) => reverse(ctx, request.user!, request.params.id, request.params.entryId, request.body.reason),
  });
}

/** GET /api/users/settings/fees: every member of staff charges from the schedule. */
export async function feeScheduleReadRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'getFeeSchedule', { tags: ['settings'], summary: "The office's fees per visa type" }),
    handler: async () => readSetting(ctx.db, 'fees'),
  });
}

/** PUT /api/users/settings/fees: the owner's. */
export async function feeScheduleRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'updateFeeSchedule', {
      tags: ['settings'],
      summary:
        "Set the office's fees per visa type: code, words in English and Bangla, amount in minor units, currency, passed on or not (super-admins)",
    }),
    handler: async (request) => {
      const next = request.body;
      await saveSetting(ctx.db, 'fees', next, { actorUserId: request.user!._id, entityId: 'fees', details: { ...next } });
      return next;
    },
  });
}
