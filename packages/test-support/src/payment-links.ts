import { randomBytes } from 'node:crypto';
import type { Db } from '../../../apps/api/src/db/connection.js';
import type { ApplicationRow, NewApplicationRow } from '../../../apps/api/src/db/schema-applications.js';
import { BKASH_LIMITS } from '../../../apps/api/src/infra/payment-gateways/bkash.js';
import { newId } from '../../../apps/api/src/lib/ids.js';
import { newSecretToken, sha256 } from '../../../apps/api/src/lib/tokens.js';
import { appendEntry } from '../../../apps/api/src/modules/domain/ledger/service.js';
import { openAttempt } from '../../../apps/api/src/modules/domain/payments/service.js';
import { createApplication } from './applications.js';
import { type BkashFake, startBkashFake } from './bkash-fake.js';
import { FAKE_STORE, type SslcommerzFake, startSslcommerzFake } from './sslcommerz-fake.js';

/**
 * What the payment tests and the payments drill start from: an application owing an amount with
 * a live payment link (written straight into its table: making links is the link route's work,
 * tested there), and the fake gateways on 127.0.0.1 with the settings that point the app at them.
 */

export interface OwingFile {
  applicationId: string;
  application: ApplicationRow;
  linkId: string;
  /** The link's bearer token, as the pay page sends it. */
  token: string;
}

/** An application charged `dueMinor` at `at` (on that day in UTC), with a link live for a week from then. */
export async function owingWithLink(db: Db, dueMinor: number, at: Date, applicant: Partial<NewApplicationRow> = {}): Promise<OwingFile> {
  const application = await createApplication(db, { ...applicant, email: `payer.${randomBytes(6).toString('hex')}@example.com` });
  await db.transaction().execute((trx) =>
    appendEntry(trx, {
      applicationId: application.id,
      kind: 'charge',
      amountMinor: dueMinor,
      currency: 'BDT',
      description: 'Service fee',
      occurredOn: at.toISOString().slice(0, 10),
      actorId: null,
      at,
    }),
  );
  const token = newSecretToken();
  const linkId = newId();
  await db
    .insertInto('payment_links')
    .values({
      id: linkId,
      token_hash: sha256(token),
      application_id: application.id,
      created_by: null,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + 7 * 86_400_000).toISOString(),
      closed_at: null,
    })
    .execute();
  return { applicationId: application.id, application, linkId, token };
}

/** A gateway attempt of an application, on no link, as a payer's start makes it; answers its id. */
export async function attemptOn(
  db: Db,
  applicationId: string,
  amountMinor: number,
  at: Date,
  gateway: 'sslcommerz' | 'bkash-checkout' = 'sslcommerz',
  checkAt: Date = at,
): Promise<string> {
  const opening = await openAttempt(db, { gateway, linkId: null, applicationId, amountMinor, at, checkAt, reuseForMs: 0 });
  if (!('attemptId' in opening)) throw new Error('an attempt on no link is always a new one');
  return opening.attemptId;
}

export interface PaymentFakes {
  bkash: BkashFake;
  sslcommerz: SslcommerzFake;
  /** The app's settings for both gateways. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Both fake gateways; bKash's 30-second execute wait shortened so a silent execute is given up on at once. */
export async function startPaymentFakes(): Promise<PaymentFakes> {
  const limits = { ...BKASH_LIMITS };
  Object.assign(BKASH_LIMITS, { executeTimeoutMs: 300, leasePollMs: 10 });
  const [bkash, sslcommerz] = await Promise.all([startBkashFake(), startSslcommerzFake()]);
  return {
    bkash,
    sslcommerz,
    env: {
      ...bkash.env,
      SSLCOMMERZ_STORE_ID: FAKE_STORE.id,
      SSLCOMMERZ_STORE_PASSWORD: FAKE_STORE.password,
      SSLCOMMERZ_API_URL: sslcommerz.url,
      SSLCOMMERZ_TIMEOUT_MS: '2000',
    },
    close: async () => {
      Object.assign(BKASH_LIMITS, limits);
      await Promise.all([bkash.close(), sslcommerz.close()]);
    },
  };
}
