import { useEffect, useState } from 'react';
import { apiUrl } from '@visa/shared/api-paths';
import { formatDate } from '@visa/shared/dates';
import { RECEIPT_TEXTS, receiptTaka } from '@visa/shared/receipt-words';
import { useLocale } from '../../../lib/i18n';

/** The public answer as the page reads it (money-receipts.ts's schema, kept off this light page). */
interface Checked {
  issuer: { en: string; bn: string };
  number: string;
  issuedOn: string;
  amountMinor: number;
  status: 'valid' | 'reversed';
  refundedMinor: number;
}

type State = { kind: 'loading' } | { kind: 'refused'; message: string } | { kind: 'ready'; receipt: Checked };

const CODE = /^[A-Za-z0-9_-]{22}$/;

/**
 * The public check of a receipt (ADR 0088), opened from the QR code on it: prerendered as an empty
 * shell, filled from the code after `#`, which names no one and never reaches a server log.
 */
export function ReceiptCheckPage() {
  const { language } = useLocale();
  const t = RECEIPT_TEXTS[language];
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const code = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (!CODE.test(code)) return setState({ kind: 'refused', message: t.noCode });
    fetch(apiUrl('checkReceipt', { code }), { cache: 'no-store' })
      .then(async (res) => {
        if (res.status === 404) return setState({ kind: 'refused', message: t.notFound });
        if (!res.ok) return setState({ kind: 'refused', message: t.failed });
        setState({ kind: 'ready', receipt: (await res.json()) as Checked });
      })
      .catch(() => setState({ kind: 'refused', message: t.failed }));
    // Checked once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="container py-4 receipt-check">
      <h1 className="page-title">{t.pageTitle}</h1>
      <p>{t.pageIntro}</p>
      {state.kind === 'loading' && <p aria-busy="true">{t.checking}</p>}
      {state.kind === 'refused' && (
        <p role="alert" className="alert alert-warning">
          {state.message}
        </p>
      )}
      {state.kind === 'ready' && (
        <section aria-live="polite" className="card">
          <div className="card-body">
            <p className={`h4 ${state.receipt.status === 'valid' ? 'text-success' : 'text-danger'}`} data-status={state.receipt.status}>
              {state.receipt.status === 'valid' ? t.valid : t.reversedStatus}
            </p>
            <dl className="mb-0">
              <dt>{t.issuer}</dt>
              <dd>{state.receipt.issuer[language]}</dd>
              <dt>{t.number}</dt>
              <dd>{state.receipt.number}</dd>
              <dt>{t.date}</dt>
              <dd>{formatDate(state.receipt.issuedOn, language)}</dd>
              <dt>{t.amount}</dt>
              <dd>{receiptTaka(state.receipt.amountMinor, language)}</dd>
              {state.receipt.refundedMinor > 0 && (
                <>
                  <dt>{t.refunded}</dt>
                  <dd>{receiptTaka(state.receipt.refundedMinor, language)}</dd>
                </>
              )}
            </dl>
          </div>
        </section>
      )}
    </div>
  );
}
