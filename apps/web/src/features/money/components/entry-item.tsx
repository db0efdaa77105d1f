import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { formatDate, formatDateTime } from '@visa/shared/dates';
import type { LedgerEntry } from '@visa/shared/money';
import { KIND_WORDS, METHOD_WORDS, MONEY_WORDS as T, formatMinor, rateText } from '@visa/shared/money-words';
import type { MoneyAction } from '../api/money';
import { CorrectionForm } from './correction-form';
import { ReceiptActions } from './receipt-actions';

/** "Payment of ৳5,000.00 on 2 Jan 2026": how an entry is named on its buttons and forms. */
const entryName = (e: LedgerEntry) =>
  `${KIND_WORDS[e.kind].toLowerCase()} of ${formatMinor(e.amountMinor, e.currency)} on ${formatDate(e.occurredOn)}`;

/**
 * One entry of the ledger: what it is, its amount, who recorded it and when, whether it was
 * reversed; a payment's receipt; and for super-admins the Reverse and Refund that correct it.
 */
export function EntryItem({
  applicationId,
  entry,
  entries,
  refundable,
  superAdmin,
  busy,
  onSubmit,
}: {
  applicationId: string;
  entry: LedgerEntry;
  entries: LedgerEntry[];
  /** What is left of a payment to refund, in paisa. */
  refundable: number;
  superAdmin: boolean;
  busy: boolean;
  onSubmit: (action: MoneyAction) => Promise<unknown>;
}) {
  const [correcting, setCorrecting] = useState<'reversal' | 'refund' | null>(null);
  const target = entries.find((e) => e.id === (entry.reversesId ?? entry.refundOfId));
  const name = entryName(entry);
  const reversed = entry.reversedById !== null;
  return (
    <li className="border-bottom py-2" data-testid="money-entry">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <strong>{KIND_WORDS[entry.kind]}</strong>
        <span>{formatMinor(entry.amountMinor, entry.currency)}</span>
        <time dateTime={entry.occurredOn} className="text-body-secondary">
          {formatDate(entry.occurredOn)}
        </time>
        {reversed && (
          <Badge bg="secondary" data-testid="money-reversed">
            {T.reversed}
          </Badge>
        )}
      </div>
      {entry.currency === 'CAD' && entry.rateMicros !== null && (
        <div className="small">{T.atRate(formatMinor(entry.bdtMinor), rateText(entry.rateMicros))}</div>
      )}
      {entry.method && <div className="small">{T.viaMethod(METHOD_WORDS[entry.method], entry.methodRef)}</div>}
      {entry.description && <div className="small">{entry.description}</div>}
      {target && <div className="small">{(entry.kind === 'reversal' ? T.reverses : T.refundOf)(entryName(target))}</div>}
      <div className="small text-body-secondary">{T.recorded(entry.createdBy?.name ?? null, formatDateTime(entry.createdAt))}</div>
      {entry.receipt && <ReceiptActions applicationId={applicationId} receipt={entry.receipt} reversed={reversed} />}
      {superAdmin && !reversed && entry.kind !== 'reversal' && correcting === null && (
        <div className="d-flex flex-wrap gap-2 mt-1">
          <Button size="sm" variant="outline-danger" aria-label={T.reverseLabel(name)} onClick={() => setCorrecting('reversal')}>
            {T.reverse}
          </Button>
          {entry.kind === 'payment' && refundable > 0 && (
            <Button size="sm" variant="outline-secondary" aria-label={T.refundLabel(name)} onClick={() => setCorrecting('refund')}>
              {T.refund}
            </Button>
          )}
        </div>
      )}
      {correcting && (
        <CorrectionForm
          kind={correcting}
          entry={entry}
          name={name}
          refundable={refundable}
          busy={busy}
          onSubmit={onSubmit}
          onDone={() => setCorrecting(null)}
        />
      )}
    </li>
  );
}
