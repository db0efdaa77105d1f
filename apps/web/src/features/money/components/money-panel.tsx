import { Fragment } from 'react';
import { Button } from 'react-bootstrap';
import { formatDateTime } from '@visa/shared/dates';
import type { Ledger, LedgerEntry } from '@visa/shared/money';
import { MONEY_WORDS as T, formatMinor } from '@visa/shared/money-words';
import { LazyPanel } from '../../../components/lazy-panel';
import { serverMessage } from '../../../lib/api-client';
import { useFeeSchedule, useLedger, useMoneyAction, useSendPayLink } from '../api/money';
import { EntryForm } from './entry-form';
import { EntryItem } from './entry-item';

/** What is left of each payment to refund: its amount less the refunds of it that stand. */
function refundableOf(entries: LedgerEntry[]): Map<string, number> {
  const left = new Map<string, number>();
  for (const e of entries) if (e.kind === 'payment' && e.reversedById === null) left.set(e.id, e.amountMinor);
  for (const e of entries)
    if (e.kind === 'refund' && e.refundOfId && e.reversedById === null && left.has(e.refundOfId))
      left.set(e.refundOfId, left.get(e.refundOfId)! - e.amountMinor);
  return left;
}

function Totals({ ledger }: { ledger: Ledger }) {
  const credit = ledger.balanceMinor < 0;
  return (
    <dl className="row mb-0" aria-label={T.totals}>
      <dt className="col-6">{T.charged}</dt>
      <dd className="col-6 text-end">{formatMinor(ledger.chargedMinor)}</dd>
      <dt className="col-6">{T.discounted}</dt>
      <dd className="col-6 text-end">{formatMinor(ledger.discountedMinor)}</dd>
      <dt className="col-6">{T.paid}</dt>
      <dd className="col-6 text-end">{formatMinor(ledger.paidMinor)}</dd>
      {ledger.refundedMinor > 0 && (
        <>
          <dt className="col-6">{T.refunded}</dt>
          <dd className="col-6 text-end">{formatMinor(ledger.refundedMinor)}</dd>
        </>
      )}
      <dt className="col-6 border-top pt-1">{credit ? T.inCredit : T.balanceDue}</dt>
      <dd className="col-6 text-end border-top pt-1 fw-bold" data-testid="money-balance">
        {formatMinor(Math.abs(ledger.balanceMinor))}
      </dd>
      {ledger.pendingRefunds?.map((p) => (
        <Fragment key={p.paymentId}>
          <dt className="col-6 text-warning-emphasis">{T.refundPending}</dt>
          <dd className="col-6 text-end text-warning-emphasis" data-testid="money-refund-pending">
            {formatMinor(p.amountMinor)}
          </dd>
        </Fragment>
      ))}
      {(ledger.pendingRefunds?.length ?? 0) > 0 && <dd className="col-12 small text-body-secondary">{T.refundPendingNote}</dd>}
    </dl>
  );
}

function PayLink({ applicationId }: { applicationId: string }) {
  const send = useSendPayLink(applicationId);
  return (
    <div className="mt-2">
      <Button size="sm" variant="outline-primary" disabled={send.isPending} onClick={() => send.mutate()}>
        {T.sendPayLink}
      </Button>
      <p role="status" className="small mb-0 mt-1">
        {send.isSuccess && <span className="text-success">{T.payLinkSent(send.data.channels, formatDateTime(send.data.expiresAt))}</span>}
        {send.isError && <span className="text-danger">{serverMessage(send.error) ?? T.payLinkFailed}</span>}
      </p>
    </div>
  );
}

/**
 * Money on the applicant file (ADR 0084): the totals and the balance in taka, every entry with who
 * recorded it, receipts to download and send, the payment link, and the form that records a
 * charge, a discount or a payment. Super-admins also reverse entries and refund payments.
 * `visaType`: the file's, whose fees the charge form offers.
 */
export function MoneyPanel({
  applicationId,
  visaType,
  superAdmin,
}: {
  applicationId: string;
  visaType?: string | undefined;
  superAdmin: boolean;
}) {
  const query = useLedger(applicationId);
  const fees = useFeeSchedule();
  const action = useMoneyAction(applicationId);
  const ledger = query.data;
  const schedule = fees.data?.fees;
  // The file's visa type's fees; before the file is known, every fee once.
  const offered = schedule
    ? visaType && visaType in schedule
      ? schedule[visaType as keyof typeof schedule]
      : [
          ...new Map(
            Object.values(schedule)
              .flat()
              .map((f) => [f.code, f]),
          ).values(),
        ]
    : [];
  const refundable = ledger ? refundableOf(ledger.entries) : new Map<string, number>();

  return (
    <LazyPanel titleId="money-title" title={T.title} query={query} loadError={T.loadError} retry={T.retry}>
      {ledger && (
        <div className="row g-3">
          <div className="col-12 col-lg-6">
            <Totals ledger={ledger} />
            {ledger.balanceMinor > 0 && <PayLink applicationId={applicationId} />}
            <h3 className="h6 mt-3">{T.entries}</h3>
            {ledger.entries.length === 0 ? (
              <p className="text-body-secondary">{T.noEntries}</p>
            ) : (
              <ol className="list-unstyled mb-0" aria-label={T.entries}>
                {ledger.entries.map((entry) => (
                  <EntryItem
                    key={entry.id}
                    applicationId={applicationId}
                    entry={entry}
                    entries={ledger.entries}
                    refundable={refundable.get(entry.id) ?? 0}
                    superAdmin={superAdmin}
                    busy={action.isPending}
                    onSubmit={action.mutateAsync}
                  />
                ))}
              </ol>
            )}
          </div>
          <div className="col-12 col-lg-6">
            <EntryForm fees={offered} busy={action.isPending} onSubmit={action.mutateAsync} />
          </div>
        </div>
      )}
    </LazyPanel>
  );
}
