import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../context.js';
import { apiRoute } from '../../../lib/api-routes.js';
import { readSetting, saveSetting } from '../../kernel/settings/service.js';
import { checkReceipt, receiptPdf, sendReceipt } from './receipt-service.js';

const tags = ['money'];

/** /api/application/money/:id/receipts/… : a receipt's PDF and sending it, for staff of any role (ADR 0088). */
export default async function receiptStaffRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Not through the zod type provider: its reply type would only admit the JSON error shapes.
  app.route<{ Params: { id: string; receiptId: string }; Querystring: { lang: 'en' | 'bn' } }>({
    ...apiRoute(app, 'downloadReceiptPdf', {
      tags,
      summary: "A payment's receipt as a PDF (?lang=bn for Bangla)",
      description:
        "One A4 page: the office's name, address and phone, the receipt's number, date, payer, amount and method; once the " +
        "office entered its BIN, the Mushak-6.3 fields; a QR code opening the public check. A reversed payment's receipt says so. Never cached.",
    }),
    handler: async (request, reply) => {
      const { bytes, filename } = await receiptPdf(ctx, request.params.id, request.params.receiptId, request.query.lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  });

  r.route({
    ...apiRoute(app, 'sendReceipt', {
      tags,
      summary: 'Send the receipt to the applicant by email, SMS and/or WhatsApp as they agreed, with the link to check it',
      description:
        "The email in English and Bangla; the SMS, or the WhatsApp template payment_receipt, in the number's language. Answers the channels it was queued on; sent again, it goes again. 409 for an erased or consent-withdrawn applicant, or one who agreed to no channel a receipt can go on.",
    }),
    handler: async (request) => sendReceipt(ctx, request.user!, request.params.id, request.params.receiptId),
  });
}

/** GET and PUT /api/users/settings/receipts: the office's BIN and VAT rate (super-admins). */
export async function receiptSettingsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'getReceiptSettings', { tags: ['settings'], summary: "The office's BIN and VAT rate for receipts" }),
    handler: async () => readSetting(ctx.db, 'receiptSettings'),
  });
  r.route({
    ...apiRoute(app, 'updateReceiptSettings', {
      tags: ['settings'],
      summary:
        "Set the office's BIN (9 or 13 digits; empty for none) and VAT rate in basis points (1500 = 15%): with a BIN, receipts are Mushak-6.3 tax invoices",
    }),
    handler: async (request) => {
      const next = request.body;
      await saveSetting(ctx.db, 'receiptSettings', next, {
        actorUserId: request.user!._id,
        entityId: 'receiptSettings',
        details: { ...next },
      });
      return next;
    },
  });
}

/** GET /api/receipts/:code: anyone holding a receipt checks it; rate-limited per address. */
export async function receiptCheckRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...apiRoute(app, 'checkReceipt', {
      tags,
      summary:
        'Check a receipt by the code in its QR: issuer, number, date, amount, valid or reversed, refunded amount; nothing of the payer',
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkReceipt(ctx, request.params.code, request.ip);
    },
  });
}
