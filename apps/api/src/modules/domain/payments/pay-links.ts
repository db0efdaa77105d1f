import { firstNameOf } from '@visa/shared/applications';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { BRAND_NAME } from '@visa/shared/constants';
import { PAY_LINK_TEXTS, type PayLinkSent } from '@visa/shared/pay-links';
import { PAY_LINK_NOT_VALID, type PayPage } from '@visa/shared/pay-page';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/connection.js';
import { clockOf } from '../../../lib/clock.js';
import { HttpError, badRequest, conflict, notFound } from '../../../lib/http-error.js';
import { newId } from '../../../lib/ids.js';
import { boundedExpiry, linkBoundOf } from '../../../lib/link-lifetime.js';
import { newSecretToken, sha256 } from '../../../lib/tokens.js';
import type { Actor } from '../../../plugins/auth.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { getSetting } from '../../kernel/settings/repository.js';
import { assertMayContact, noticesWithheld } from '../applicant-notices/may-contact.js';
import { notify } from '../applicant-notices/notify.js';
import * as applications from '../applications/repository.js';
import { balanceOf } from '../ledger/repository.js';
import { enabledGateways } from './gateways.js';
import * as links from './pay-link-repository.js';
import * as repo from './repository.js';

/**
 * Payment links (ADR 0091), made like document-request links (ADR 0046): a random token of which
 * only the hash is kept, sent in the `#` of the page's address through the applicant's agreed
 * channels, opening only what is due. A new link closes the one before; paying in full closes it.
 */

const DAY_MS = 24 * 60 * 60_000;

/**
 * Sends a new link for what the application owes now. Refused (409, nothing made) for an applicant
 * erased or withdrawn, or when nothing is due; 400 when no channel can carry it. The token leaves
 * only in the outbox's secret column: not in this answer, an audit row or a log.
 */
export async function sendPayLink(ctx: AppContext, actor: Actor, applicationId: string): Promise<PayLinkSent> {
  const now = clockOf(ctx)();
  if (!(await applications.findApplicationRow(ctx.db, applicationId))) throw notFound();
  await assertMayContact(ctx.db, applicationId);
  const { lifeDays } = await getSetting(ctx.db, 'payLinks');
  const at = now.toISOString();
  // A month at most, far inside LINK_MAX_DAYS; cut to it all the same, as every bearer link is.
  const expiresAt = boundedExpiry(new Date(now.getTime() + lifeDays * DAY_MS), linkBoundOf(ctx.config), now).toISOString();
  const token = newSecretToken();
  const channels = await ctx.db.transaction().execute(async (trx) => {
    await assertMayContact(trx, applicationId);
    const dueMinor = await balanceOf(trx, applicationId);
    if (dueMinor <= 0) throw conflict(PAY_LINK_TEXTS.nothingDue);
    const replaced = await links.closeOpenLinks(trx, applicationId, at);
    const id = newId(now.getTime());
    await links.insertLink(trx, { id, tokenHash: sha256(token), applicationId, createdBy: actor._id, createdAt: at, expiresAt });
    const { channels } = await notify(trx, ctx, applicationId, { kind: 'pay-link', token, dueMinor });
    // Nobody to send the link to: refused, and the link is not kept.
    if (channels.length === 0) throw badRequest(PAY_LINK_TEXTS.noChannel);
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.money.link,
      entity: AUDIT_ENTITIES.application,
      entityId: applicationId,
      details: { linkId: id, dueMinor, expiresAt, channels, replaced: replaced > 0 },
    });
    return channels;
  });
  ctx.outbox.kick();
  return { expiresAt, channels };
}

/**
 * Closes the application's open links once nothing is due: called where a payment is recorded
 * from a gateway, in its transaction.
 */
export async function closeLinksIfPaid(trx: Db, applicationId: string, at: Date): Promise<void> {
  if ((await balanceOf(trx, applicationId)) <= 0) await links.closeOpenLinks(trx, applicationId, at.toISOString());
}

export interface OpenPayLink {
  linkId: string;
  applicationId: string;
  dueMinor: number;
}

/**
 * The link a token opens right now, with what is due, or the one plain refusal (404) whatever the
 * cause: unknown, expired, replaced, paid, or an applicant erased or withdrawn since.
 */
export async function openPayLink(ctx: Pick<AppContext, 'db' | 'now'>, token: string | null): Promise<OpenPayLink> {
  const refused = new HttpError(404, PAY_LINK_NOT_VALID);
  // A token is 43 base64url characters; anything else cannot match and costs no query.
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw refused;
  const now = clockOf(ctx)();
  const link = await repo.findLiveLink(ctx.db, sha256(token), now.toISOString());
  if (!link || (await noticesWithheld(ctx.db, link.applicationId))) throw refused;
  const dueMinor = await balanceOf(ctx.db, link.applicationId);
  if (dueMinor <= 0) {
    // Paid in full some other way (at the office): the link is done with.
    await links.closeOpenLinks(ctx.db, link.applicationId, now.toISOString());
    throw refused;
  }
  return { linkId: link.id, applicationId: link.applicationId, dueMinor };
}

/** What the pay page shows: the first name, what is due, the office, the gateways on. Nothing else. */
export async function payPage(ctx: AppContext, link: OpenPayLink): Promise<PayPage> {
  const fields = await applications.findApplicationFields(ctx.db, link.applicationId, ['givenN']);
  return {
    firstName: firstNameOf(fields?.givenN ?? ''),
    dueMinor: link.dueMinor,
    office: { name: { en: BRAND_NAME.en, bn: BRAND_NAME.bn } },
    gateways: enabledGateways(ctx.config),
  };
}
