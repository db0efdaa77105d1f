import type { GatewayMethod } from '@visa/shared/money';
import { MONEY_RACE_TEXTS as RACE } from '@visa/shared/money';
import { type Db, isUniqueViolation } from '../../../db/connection.js';
import { conflict } from '../../../lib/http-error.js';
import { newId } from '../../../lib/ids.js';
import * as repo from './repository.js';

/**
 * One open attempt per payment link (ADR 0095). Each attempt is for the whole balance, and a
 * gateway's page, once made, can be paid whatever we do next; so a second start on the link while
 * an attempt is open sends the payer back to the same page when it is the same gateway and amount
 * and the page is still young. Otherwise (another gateway, another amount, an old page) the open
 * attempt lets go of the link and stays open for the reconciling job: should the payer pay both,
 * the later payment is still recorded, marked for staff to refund (settlePaid).
 */

export interface NewAttempt {
  gateway: GatewayMethod;
  linkId: string | null;
  applicationId: string;
  amountMinor: number;
  at: Date;
  /** When the reconciling job first asks the gateway, should no answer have come by then. */
  checkAt: Date;
  /** How long the gateway's page for an attempt can be sent again to the payer. */
  reuseForMs: number;
}

/** A new attempt to make at the gateway, or the page of the link's open one to send the payer to. */
export type Opening = { attemptId: string } | { redirectUrl: string };

/** Another request is making the gateway's page for the open attempt; after this long, it died. */
const MAKING_MS = 60_000;

function reusable(open: repo.GatewayPaymentRow, input: NewAttempt): string | null {
  const age = input.at.getTime() - Date.parse(open.started_at);
  const same = open.gateway === input.gateway && Number(open.amount_minor) === input.amountMinor;
  return same && open.redirect_url && age < input.reuseForMs ? open.redirect_url : null;
}

/** An attempt's id is the transaction id the gateway is given. */
export async function openAttempt(db: Db, input: NewAttempt): Promise<Opening> {
  const open = input.linkId ? await repo.findOpenForLink(db, input.linkId) : undefined;
  if (open) {
    const redirectUrl = reusable(open, input);
    if (redirectUrl) return { redirectUrl };
    if (!open.redirect_url && input.at.getTime() - Date.parse(open.started_at) < MAKING_MS) throw conflict(RACE.payStartUnderWay);
    await repo.detachFromLink(db, open.id);
  }
  const id = newId(input.at.getTime());
  try {
    await repo.insertGatewayPayment(db, {
      id,
      gateway: input.gateway,
      link_id: input.linkId,
      application_id: input.applicationId,
      amount_minor: input.amountMinor,
      state: 'started',
      gateway_ref: null,
      gateway_trx_id: null,
      entry_id: null,
      started_at: input.at.toISOString(),
      settled_at: null,
      next_check_at: input.checkAt.toISOString(),
      redirect_url: null,
    });
  } catch (err) {
    // Two starts at once: the other opened the link's attempt first.
    if (!isUniqueViolation(err, 'link_id')) throw err;
    const other = await repo.findOpenForLink(db, input.linkId!);
    const redirectUrl = other && reusable(other, input);
    if (redirectUrl) return { redirectUrl };
    throw conflict(RACE.payStartUnderWay);
  }
  return { attemptId: id };
}
