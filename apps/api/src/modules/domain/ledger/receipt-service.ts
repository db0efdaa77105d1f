import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { BRAND_NAME } from '@visa/shared/constants';
import { receiptNumberText } from '@visa/shared/money';
import type { ReceiptCheck } from '@visa/shared/money-receipts';
import { RECEIPT_STAFF_TEXTS, type ReceiptLanguage } from '@visa/shared/receipt-words';
import type { AppContext } from '../../../context.js';
import { HttpError, conflict } from '../../../lib/http-error.js';
import { receiptLink } from '../../../lib/public-links.js';
import type { Actor } from '../../../plugins/auth.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { getSetting } from '../../kernel/settings/repository.js';
import { assertMayContact } from '../applicant-notices/may-contact.js';
import { notify } from '../applicant-notices/notify.js';
import * as repo from './repository.js';
import { renderReceiptPdf } from './receipt-pdf.js';
import { findReceiptOf } from './receipt-repository.js';

/** Receipts shown, sent and checked (ADR 0088); they are issued with their payment (service.ts). */

type ReceiptContext = Pick<AppContext, 'db' | 'config' | 'now' | 'textProviders' | 'outbox' | 'rateLimiter'>;

/** Anyone with the paper may check it; a code is unguessable, so this only slows down a scan for codes. */
const CHECKS_PER_ADDRESS = { limit: 30, windowMs: 15 * 60_000 };

async function receiptOf(ctx: Pick<AppContext, 'db'>, applicationId: string, receiptId: string) {
  const receipt = await findReceiptOf(ctx.db, applicationId, receiptId);
  if (!receipt) throw new HttpError(404, RECEIPT_STAFF_TEXTS.notFound);
  return receipt;
}

/** The receipt's PDF in English or Bangla, as it stands now: a reversed payment's receipt says so. */
export async function receiptPdf(
  ctx: Pick<AppContext, 'db' | 'config'>,
  applicationId: string,
  receiptId: string,
  language: ReceiptLanguage,
): Promise<{ bytes: Buffer; filename: string }> {
  const receipt = await receiptOf(ctx, applicationId, receiptId);
  const [office, settings, reversal] = await Promise.all([
    getSetting(ctx.db, 'officeContact'),
    getSetting(ctx.db, 'receiptSettings'),
    repo.findReversalOf(ctx.db, receipt.entry_id),
  ]);
  const number = receiptNumberText(receipt.fiscal_year, receipt.number);
  const bytes = await renderReceiptPdf(
    {
      number,
      issuedOn: receipt.issued_on,
      createdAt: receipt.created_at,
      payerName: receipt.payer_name,
      applicationId,
      amountMinor: Number(receipt.amount_minor),
      method: receipt.method,
      methodRef: receipt.method_ref,
      reversed: reversal !== undefined,
      verifyUrl: receiptLink(ctx.config.publicUrl, language, receipt.verify_code),
    },
    { language, office, bin: settings.bin, vatRateBasisPoints: settings.vatRateBasisPoints, timeZone: ctx.config.APP_TIMEZONE },
  );
  return { bytes, filename: `receipt-${number.replace('/', '-')}.pdf` };
}

/**
 * Sends the receipt on every channel the applicant agreed to (notify decides them, ADR 0093): the
 * email in both languages, the SMS or WhatsApp template in the number's language. Sent again, it
 * goes again. Refused (409, sending nothing) for an erased or consent-withdrawn applicant, for a
 * reversed payment's receipt, and when no channel the applicant agreed to can carry it.
 */
export async function sendReceipt(ctx: ReceiptContext, actor: Actor, applicationId: string, receiptId: string) {
  const receipt = await receiptOf(ctx, applicationId, receiptId);
  await assertMayContact(ctx.db, applicationId);
  const channels = await ctx.db.transaction().execute(async (trx) => {
    await assertMayContact(trx, applicationId);
    // Checked with the sending, so a reversal either comes first (refused here) or after (and withdraws it).
    if (await repo.findReversalOf(trx, receipt.entry_id)) throw conflict(RECEIPT_STAFF_TEXTS.reversed);
    const number = receiptNumberText(receipt.fiscal_year, receipt.number);
    const outcome = await notify(trx, ctx, applicationId, {
      kind: 'receipt',
      number,
      amountMinor: Number(receipt.amount_minor),
      issuedOn: receipt.issued_on,
      verifyCode: receipt.verify_code,
    });
    if (outcome.channels.length === 0) throw conflict(RECEIPT_STAFF_TEXTS.noChannel);
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.money.receiptSent,
      entity: AUDIT_ENTITIES.application,
      entityId: applicationId,
      details: { receiptId, number, channels: outcome.channels },
    });
    return outcome.channels;
  });
  ctx.outbox.kick();
  return { channels };
}

/** The public check of a receipt's code: the issuer and the receipt as it stands, nothing of the payer. */
export async function checkReceipt(ctx: Pick<AppContext, 'db' | 'rateLimiter'>, code: string, client: string): Promise<ReceiptCheck> {
  const { rateLimiter } = ctx;
  await rateLimiter.hit(rateLimiter.key('receipt-check:ip', { client }), CHECKS_PER_ADDRESS.limit, CHECKS_PER_ADDRESS.windowMs);
  const receipt = await repo.findReceiptByCode(ctx.db, code);
  if (!receipt) throw new HttpError(404, RECEIPT_STAFF_TEXTS.unknownCode);
  const [reversal, refundedMinor] = await Promise.all([
    repo.findReversalOf(ctx.db, receipt.entry_id),
    repo.refundedOf(ctx.db, receipt.entry_id),
  ]);
  return {
    issuer: { en: BRAND_NAME.en, bn: BRAND_NAME.bn },
    number: receiptNumberText(receipt.fiscal_year, receipt.number),
    issuedOn: receipt.issued_on,
    amountMinor: Number(receipt.amount_minor),
    status: reversal ? 'reversed' : 'valid',
    refundedMinor,
  };
}
