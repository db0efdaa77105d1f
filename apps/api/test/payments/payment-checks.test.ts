import { afterAll, describe, expect, it } from 'vitest';
import { createApplication } from '@visa/test-support/applications';
import { appForFile } from '@visa/test-support/file-app';
import { attemptOn } from '@visa/test-support/payment-links';
import { balanceOf } from '../../src/modules/domain/ledger/repository.js';
import { PAYMENT_GATEWAYS } from '../../src/modules/domain/payments/gateways.js';
import { runPaymentChecks } from '../../src/modules/domain/payments/payment-checks.js';
import { findGatewayPayment } from '../../src/modules/domain/payments/repository.js';
import { settlePaid } from '../../src/modules/domain/payments/service.js';

// The reconciling job (ADR 0091) against checks put in the gateways' record here.
const start = new Date('2027-01-12T04:00:00.000Z');
const t = appForFile({ APP_TIMEZONE: 'Asia/Dhaka' }, { now: () => start });
const MINUTE = 60_000;
const at = (ms: number) => new Date(start.getTime() + ms);

/** What the fake gateway knows: the attempts whose money moved, and those it cannot answer for. */
const moved = new Set<string>();
const broken = new Set<string>();
const asked: string[] = [];
// The gateways' record is shared by every test file in this process: its checks are put back afterwards.
const registered = { sslcommerz: PAYMENT_GATEWAYS.sslcommerz.check, bkash: PAYMENT_GATEWAYS['bkash-checkout'].check };
// bKash cannot say yet about its attempt here.
PAYMENT_GATEWAYS['bkash-checkout'].check = async () => 'pending';
PAYMENT_GATEWAYS.sslcommerz.check = async (ctx, attempt) => {
  asked.push(attempt.id);
  if (broken.has(attempt.id)) throw new Error('gateway down');
  if (!moved.has(attempt.id)) return 'pending';
  await settlePaid(ctx.db, { attemptId: attempt.id, gatewayTrxId: `TRX-${attempt.id}`, issuedOn: '2027-01-12', at: ctx.now!() });
  return 'settled';
};
afterAll(() => {
  PAYMENT_GATEWAYS.sslcommerz.check = registered.sslcommerz;
  PAYMENT_GATEWAYS['bkash-checkout'].check = registered.bkash;
});

const attempt = async (gateway: 'sslcommerz' | 'bkash-checkout', amountMinor = 50_000) => {
  const application = await createApplication(t.db, {});
  const id = await attemptOn(t.db, application.id, amountMinor, start, gateway, at(MINUTE));
  return { id, applicationId: application.id };
};
const run = (now: Date) => runPaymentChecks({ db: t.db, config: t.config, now: () => now }, now);
const stateOf = async (id: string) => {
  const row = await findGatewayPayment(t.db, id);
  return { state: row?.state, nextCheckAt: row?.next_check_at ?? null };
};

describe('payment-checks', () => {
  it('settles what the gateway says moved, backs off the rest, and gives up as failed after a day', async () => {
    const paid = await attempt('sslcommerz');
    const waiting = await attempt('sslcommerz');
    const down = await attempt('sslcommerz');
    const unchecked = await attempt('bkash-checkout');
    broken.add(down.id);

    // Not yet due: nothing is asked.
    expect(await run(at(30_000))).toMatchObject({ checked: 0, settled: 0, pending: 0, failed: 0, errors: 0 });
    moved.add(paid.id);
    expect(await run(at(MINUTE))).toMatchObject({ checked: 4, settled: 1, pending: 3, failed: 0, errors: 1 });
    expect(await stateOf(paid.id)).toEqual({ state: 'paid', nextCheckAt: null });
    expect(await balanceOf(t.db, paid.applicationId)).toBe(-50_000);
    // Young attempts are asked again a minute on, whether the gateway could not say or its check failed.
    for (const { id } of [waiting, down, unchecked]) {
      expect(await stateOf(id)).toEqual({ state: 'started', nextCheckAt: at(2 * MINUTE).toISOString() });
    }
    // Older ones less often: five minutes after ten minutes, half an hour after an hour.
    await run(at(20 * MINUTE));
    expect((await stateOf(waiting.id)).nextCheckAt).toBe(at(25 * MINUTE).toISOString());
    await run(at(2 * 60 * MINUTE));
    expect((await stateOf(waiting.id)).nextCheckAt).toBe(at(150 * MINUTE).toISOString());

    const asks = asked.length;
    expect(await run(at(24 * 60 * MINUTE))).toMatchObject({ checked: 3, settled: 0, pending: 0, failed: 3, errors: 1 });
    for (const { id } of [waiting, down, unchecked]) expect((await stateOf(id)).state).toBe('failed');
    // The gateway was still asked one last time before giving up.
    expect(asked.length - asks).toBe(2);
    expect(await run(at(25 * 60 * MINUTE))).toMatchObject({ checked: 0 });
  });
});
