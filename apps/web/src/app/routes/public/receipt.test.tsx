import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECEIPT_TEXTS } from '@visa/shared/receipt-words';
import { renderRoutes } from '../../../../test/render';
import BengaliLayout from './bn/layout';
import PublicLayout from './layout';
import ReceiptRoute from './receipt';

// The public check of a receipt, opened from its QR code: the code after `#`.

const routes = [
  { Component: PublicLayout, children: [{ path: '/receipt', Component: ReceiptRoute }] },
  { Component: BengaliLayout, children: [{ path: '/bn/receipt', Component: ReceiptRoute }] },
];
const CODE = 'Ab3_dEf-hIjKlMnOpQrStU';
const answer = {
  issuer: { en: 'Canada Visa Desk', bn: 'কানাডা ভিসা ডেস্ক' },
  number: '2026-27/000042',
  issuedOn: '2027-01-12',
  amountMinor: 1_150_000,
  status: 'valid',
  refundedMinor: 0,
};

function answering(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('/receipt', () => {
  it('shows a valid receipt: issuer, number, date and amount, asked for by its code', async () => {
    const fetch = answering(200, answer);
    window.location.hash = CODE;
    renderRoutes(routes, ['/receipt']);
    expect(await screen.findByText('Valid')).toBeInTheDocument();
    expect(screen.getByText('2026-27/000042')).toBeInTheDocument();
    expect(screen.getByText(RECEIPT_TEXTS.en.issuer).nextElementSibling).toHaveTextContent('Canada Visa Desk');
    expect(screen.getByText('৳11,500.00')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(`/api/receipts/${CODE}`, { cache: 'no-store' });
  });

  it('says in Bangla when the payment was reversed and what was refunded', async () => {
    answering(200, { ...answer, status: 'reversed', refundedMinor: 50_000 });
    window.location.hash = CODE;
    renderRoutes(routes, ['/bn/receipt']);
    expect(await screen.findByText(RECEIPT_TEXTS.bn.reversedStatus)).toBeInTheDocument();
    expect(screen.getByText('৳৫০০.০০')).toBeInTheDocument();
  });

  it('tells the reader when there is no such receipt, and asks nothing without a code', async () => {
    answering(404, { message: 'There is no receipt with this code.' });
    window.location.hash = CODE;
    renderRoutes(routes, ['/receipt']);
    expect(await screen.findByRole('alert')).toHaveTextContent(RECEIPT_TEXTS.en.notFound);
    cleanup();
    const fetch = answering(200, answer);
    window.location.hash = '';
    renderRoutes(routes, ['/receipt']);
    expect(await screen.findByRole('alert')).toHaveTextContent(RECEIPT_TEXTS.en.noCode);
    expect(fetch).not.toHaveBeenCalled();
  });
});
