import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@visa/shared/dates';
import { LedgerSchema, MONEY_TEXTS, WALLET_TRANSACTION_ID } from '@visa/shared/money';
import { FEE_WORDS as F, MONEY_WORDS as T } from '@visa/shared/money-words';
import { RECEIPT_SETTINGS_WORDS as R } from '@visa/shared/money-settings-words';
import { createApplication } from '@visa/test-support/applications';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { FeesForm } from './fees-form';
import { ReceiptSettingsForm } from './receipt-settings-form';
import { MoneyPanel } from './money-panel';

const h = apiHarnessForFile();

const renderPanel = (applicationId: string, superAdmin: boolean) =>
  renderRoutes(
    [{ path: '/file', Component: () => <MoneyPanel applicationId={applicationId} visaType="Work" superAdmin={superAdmin} /> }],
    ['/file'],
    { toaster: true },
  );
const base = (id: string) => `/api/application/money/${id}`;
const ledgerOf = async (id: string) =>
  LedgerSchema.parse((await h.t.request({ method: 'GET', url: base(id), token: h.staff.token })).json());
const entries = () => screen.getAllByTestId('money-entry');
const user = () => userEvent.setup({ delay: null });

describe('the Money panel on the applicant file', () => {
  it('charges a dollar fee at the day’s rate, refuses a bad transaction ID at its field, takes a payment with its receipt', async () => {
    await h.signIn('admin', { name: 'Nadia Staff' });
    const { id } = await createApplication(h.t.db);
    renderPanel(id, false);
    const form = await screen.findByRole('form', { name: T.formTitle });
    expect(screen.getByText(T.noEntries)).toBeInTheDocument();

    await user().click(within(form).getByLabelText('Charge'));
    await user().selectOptions(within(form).getByLabelText(T.fee), 'work-permit');
    expect(within(form).getByLabelText(T.amount('CAD'))).toHaveValue('155.00');
    fireEvent.change(within(form).getByLabelText(T.rate), { target: { value: '88.25' } });
    expect(within(form).getByLabelText(T.rate)).toHaveAccessibleDescription(T.inTaka('৳13,678.75'));
    await user().click(within(form).getByRole('button', { name: T.record }));

    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(h.sentTo(`POST ${base(id)}/entries`).map((r) => r.data)).toEqual([
      expect.objectContaining({
        kind: 'charge',
        feeCode: 'work-permit',
        description: 'IRCC work permit fee',
        amountMinor: 15_500,
        currency: 'CAD',
        rateMicros: 88_250_000,
      }),
    ]);
    expect(entries()[0]).toHaveTextContent('CA$155.00');
    expect(entries()[0]).toHaveTextContent(T.atRate('৳13,678.75', '88.25'));
    expect(entries()[0]).toHaveTextContent('Recorded by Nadia Staff on');
    expect(screen.getByTestId('money-balance')).toHaveTextContent('৳13,678.75');

    // A bKash payment with a mistyped transaction ID: the API's message at the field, nothing recorded.
    await user().click(within(form).getByLabelText('Payment'));
    await user().selectOptions(within(form).getByLabelText(T.method), 'bkash');
    fireEvent.change(within(form).getByLabelText(T.amount('BDT')), { target: { value: '1,250.50' } });
    fireEvent.change(within(form).getByLabelText(T.transactionId), { target: { value: 'ABC' } });
    await user().click(within(form).getByRole('button', { name: T.record }));
    await waitFor(() => expect(within(form).getByLabelText(T.transactionId)).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByLabelText(T.transactionId)).toHaveAccessibleDescription(
      expect.stringContaining(WALLET_TRANSACTION_ID.bkash.message),
    );
    expect(entries()).toHaveLength(1);

    // What is not an amount is refused before anything is sent.
    await user().selectOptions(within(form).getByLabelText(T.method), 'cash');
    fireEvent.change(within(form).getByLabelText(T.amount('BDT')), { target: { value: '12.5.0' } });
    await user().click(within(form).getByRole('button', { name: T.record }));
    expect(await within(form).findByText(T.amountInvalid)).toBeInTheDocument();
    expect(h.sentTo(`POST ${base(id)}/entries`)).toHaveLength(2);

    fireEvent.change(within(form).getByLabelText(T.amount('BDT')), { target: { value: '1,250.50' } });
    await user().click(within(form).getByRole('button', { name: T.record }));
    await waitFor(() => expect(entries()).toHaveLength(2));
    expect(h.sentTo(`POST ${base(id)}/entries`).at(-1)?.data).toMatchObject({ kind: 'payment', method: 'cash', amountMinor: 125_050 });
    expect(screen.getByTestId('money-balance')).toHaveTextContent('৳12,428.25');
    const receipt = (await ledgerOf(id)).entries[1]!.receipt!;
    expect(screen.getByRole('button', { name: T.receiptPdfLabel(receipt.number) })).toHaveTextContent(T.receiptPdf(receipt.number));
    // Reversing and refunding are the super-admins'.
    expect(screen.queryByRole('button', { name: /^Reverse/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
  });

  it('downloads, sends and links through the receipts’ and payment links’ addresses, and says how each went', async () => {
    await h.signIn('admin');
    const { id } = await createApplication(h.t.db);
    const post = (payload: object) => h.t.request({ method: 'POST', url: `${base(id)}/entries`, token: h.staff.token, payload });
    await post({ kind: 'charge', description: 'Service fee', amountMinor: 2_000_000, currency: 'BDT', occurredOn: '2026-01-02' });
    await post({ kind: 'payment', method: 'cash', amountMinor: 500_000, occurredOn: '2026-01-02' });
    const receipt = (await ledgerOf(id)).entries[1]!.receipt!;
    const receiptPath = `${base(id)}/receipts/${receipt.id}`;
    // Those routes are other modules': the network stands in for their answers here.
    h.fault(`GET ${receiptPath}/pdf`, { proxyStatus: 502 });
    h.fault(`POST ${receiptPath}/send`, { proxyStatus: 409, body: { message: 'The applicant withdrew their consent.' } });
    h.fault(`POST ${base(id)}/pay-links`, {
      proxyStatus: 200,
      body: { expiresAt: '2026-12-06T04:00:00.000Z', channels: ['email', 'sms'] },
    });
    renderPanel(id, false);

    await user().click(await screen.findByRole('button', { name: T.receiptPdfLabel(receipt.number) }));
    expect(await screen.findByText(T.receiptPdfFailed)).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: T.sendReceiptLabel(receipt.number) }));
    expect(await screen.findByText('The applicant withdrew their consent.')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: T.sendPayLink }));
    expect(await screen.findByText(T.payLinkSent(['email', 'sms'], formatDateTime('2026-12-06T04:00:00.000Z')))).toHaveTextContent(
      'by email and SMS',
    );
    expect(h.sent.filter((r) => r.url.startsWith(`${base(id)}/`)).map((r) => `${r.method} ${r.url} ${r.outcome}`)).toEqual([
      `GET ${receiptPath}/pdf proxy 502`,
      `POST ${receiptPath}/send proxy 409`,
      `POST ${base(id)}/pay-links proxy 200`,
    ]);
  });

  it('lets a super-admin reverse an entry and refund part of a payment, with the refusal at its field', async () => {
    await h.signIn('superadmin', { name: 'Owner' });
    const { id } = await createApplication(h.t.db);
    const post = (payload: object) => h.t.request({ method: 'POST', url: `${base(id)}/entries`, token: h.staff.token, payload });
    await post({ kind: 'charge', description: 'Service fee', amountMinor: 500_000, currency: 'BDT', occurredOn: '2026-01-02' });
    await post({ kind: 'payment', method: 'cash', amountMinor: 300_000, occurredOn: '2026-01-02' });
    renderPanel(id, true);

    await user().click(await screen.findByRole('button', { name: T.reverseLabel('charge of ৳5,000.00 on 2 Jan 2026') }));
    const reversal = screen.getByRole('form', { name: T.reverseTitle('charge of ৳5,000.00 on 2 Jan 2026') });
    await user().click(within(reversal).getByLabelText(T.reason));
    await user().paste('Charged on the wrong file');
    await user().click(within(reversal).getByRole('button', { name: T.confirmReverse }));
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(within(entries()[0]!).getByTestId('money-reversed')).toHaveTextContent(T.reversed);
    expect(entries()[2]).toHaveTextContent(T.reverses('charge of ৳5,000.00 on 2 Jan 2026'));
    expect(screen.getByText(T.inCredit)).toBeInTheDocument();
    expect(screen.getByTestId('money-balance')).toHaveTextContent('৳3,000.00');
    expect(screen.queryByRole('button', { name: /Reverse charge/ })).toBeNull();

    await user().click(screen.getByRole('button', { name: T.refundLabel('payment of ৳3,000.00 on 2 Jan 2026') }));
    const refund = screen.getByRole('form', { name: T.refundTitle('payment of ৳3,000.00 on 2 Jan 2026') });
    expect(within(refund).getByLabelText(T.refundAmount)).toHaveValue('3000.00');
    fireEvent.change(within(refund).getByLabelText(T.refundAmount), { target: { value: '4,000' } });
    await user().click(within(refund).getByLabelText(T.reason));
    await user().paste('Visa refused');
    await user().click(within(refund).getByRole('button', { name: T.confirmRefund }));
    await waitFor(() =>
      expect(within(refund).getByLabelText(T.refundAmount)).toHaveAccessibleDescription(MONEY_TEXTS.refundTooLarge(300_000)),
    );
    fireEvent.change(within(refund).getByLabelText(T.refundAmount), { target: { value: '1,000' } });
    await user().click(within(refund).getByRole('button', { name: T.confirmRefund }));
    await waitFor(() => expect(entries()).toHaveLength(4));
    expect(h.sentTo(`POST ${base(id)}/entries/${(await ledgerOf(id)).entries[1]!.id}/refund`).at(-1)?.data).toEqual({
      amountMinor: 100_000,
      reason: 'Visa refused',
      method: 'cash',
    });
    expect(entries()[3]).toHaveTextContent(T.refundOf('payment of ৳3,000.00 on 2 Jan 2026'));
    expect(entries()[3]).toHaveTextContent('Recorded by Owner on');
    expect(screen.getByTestId('money-balance')).toHaveTextContent('৳2,000.00');
  });

  it("keeps a reversed payment's receipt to print, without Send", async () => {
    await h.signIn('superadmin');
    const { id } = await createApplication(h.t.db);
    await h.t.request({
      method: 'POST',
      url: `${base(id)}/entries`,
      token: h.staff.token,
      payload: { kind: 'payment', method: 'cash', amountMinor: 300_000, occurredOn: '2026-01-02' },
    });
    const [payment] = (await ledgerOf(id)).entries;
    await h.t.request({
      method: 'POST',
      url: `${base(id)}/entries/${payment!.id}/reversal`,
      token: h.staff.token,
      payload: { reason: 'Wrong file' },
    });
    renderPanel(id, true);
    expect(await screen.findByRole('button', { name: T.receiptPdfLabel(payment!.receipt!.number) })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.sendReceiptLabel(payment!.receipt!.number) })).toBeNull();
  });
});

describe('a gateway refund in doubt', () => {
  it('shows the refund as being confirmed, with the amount, until the check settles it', async () => {
    await h.signIn('superadmin');
    const { id } = await createApplication(h.t.db);
    const post = (payload: object) => h.t.request({ method: 'POST', url: `${base(id)}/entries`, token: h.staff.token, payload });
    await post({ kind: 'charge', description: 'Service fee', amountMinor: 500_000, currency: 'BDT', occurredOn: '2026-01-02' });
    await post({ kind: 'payment', method: 'cash', amountMinor: 300_000, occurredOn: '2026-01-02' });
    const payment = (await ledgerOf(id)).entries[1]!;
    // What the refund leaves behind when the gateway gave no answer (the payments tests make it for real).
    await h.t.db
      .insertInto('refund_claims')
      .values({
        payment_id: payment.id,
        claim_id: 'claim-1',
        claimed_at: '2026-01-03T10:00:00.000Z',
        application_id: id,
        gateway: 'bkash',
        amount_minor: 120_000,
        reason: 'Visa refused',
        actor_id: null,
        state: 'in-doubt',
        gateway_ref: null,
      })
      .execute();
    renderPanel(id, true);
    expect(await screen.findByTestId('money-refund-pending')).toHaveTextContent('৳1,200.00');
    expect(screen.getByText(T.refundPending)).toBeInTheDocument();
    expect(screen.getByText(T.refundPendingNote)).toBeInTheDocument();
    expect(screen.getByTestId('money-balance')).toHaveTextContent('৳2,000.00');
  });
});

describe('Settings → Fees', () => {
  it('changes a fee, adds one, shows the API’s refusal at its field and saves the schedule', async () => {
    await h.signIn('superadmin');
    renderRoutes([{ path: '/settings', Component: FeesForm }], ['/settings'], { toaster: true });
    const work = await screen.findByRole('group', { name: F.fee('Work', 1) });
    fireEvent.change(within(work).getByLabelText(F.amount), { target: { value: '160' } });
    await user().click(screen.getByRole('button', { name: F.add('Visit') }));
    const added = screen.getByRole('group', { name: F.fee('Visit', 3) });
    fireEvent.change(within(added).getByLabelText(F.amount), { target: { value: 'five' } });
    await user().click(screen.getByRole('button', { name: F.save }));
    expect(within(added).getByLabelText(F.amount)).toHaveAccessibleDescription(F.amountInvalid);
    expect(h.sentTo('PUT /api/users/settings/fees')).toHaveLength(0);

    // No name: the API refuses it, and says so at the name.
    fireEvent.change(within(added).getByLabelText(F.amount), { target: { value: '5,000' } });
    await user().click(screen.getByRole('button', { name: F.save }));
    await waitFor(() => expect(within(added).getByLabelText(F.label)).toHaveAccessibleDescription('Please name the fee.'));

    fireEvent.change(within(added).getByLabelText(F.label), { target: { value: 'Office service fee' } });
    await user().click(screen.getByRole('button', { name: F.save }));
    expect(await screen.findByText(F.saved)).toBeInTheDocument();
    const saved = (await h.t.request({ method: 'GET', url: '/api/users/settings/fees', token: h.staff.token })).json();
    expect(saved.fees.Work[0]).toMatchObject({ code: 'work-permit', amountMinor: 16_000, currency: 'CAD' });
    expect(saved.fees.Visit[2]).toEqual({
      code: 'office-service-fee',
      label: 'Office service fee',
      labelBn: '',
      amountMinor: 500_000,
      currency: 'BDT',
      passThrough: false,
    });
  });
});

describe('Settings → Receipts and VAT', () => {
  it('takes the VAT rate as a percentage and sends basis points, with the API’s BIN refusal at its field', async () => {
    await h.signIn('superadmin');
    renderRoutes([{ path: '/settings', Component: ReceiptSettingsForm }], ['/settings'], { toaster: true });
    const form = await screen.findByRole('form', { name: R.title });
    const bin = within(form).getByLabelText(R.bin);
    const vat = within(form).getByLabelText(R.vatRate);
    expect(bin).toHaveValue('');
    expect(vat).toHaveValue('0');
    expect(within(form).getByText(R.plain)).toBeInTheDocument();

    // "7,5" would be 75% to a reader of thousands separators: refused before anything is sent.
    fireEvent.change(vat, { target: { value: '7,5' } });
    await user().click(within(form).getByRole('button', { name: R.save }));
    // The form checks its fields after the click's event, in promises of its own.
    await waitFor(() => expect(vat).toHaveAccessibleDescription(`${R.vatInvalid} ${R.vatHint}`));
    expect(h.sentTo('PUT /api/users/settings/receipts')).toHaveLength(0);

    fireEvent.change(bin, { target: { value: '12345' } });
    fireEvent.change(vat, { target: { value: '7.5' } });
    await user().click(within(form).getByRole('button', { name: R.save }));
    await waitFor(() => expect(bin).toHaveAccessibleDescription(`A BIN is 9 or 13 digits. ${R.binHint}`));

    fireEvent.change(bin, { target: { value: '000123456' } });
    fireEvent.change(vat, { target: { value: '0.29' } });
    await user().click(within(form).getByRole('button', { name: R.save }));
    expect(await screen.findByText(R.saved)).toBeInTheDocument();
    expect(h.sentTo('PUT /api/users/settings/receipts').map((r) => r.data)).toEqual([
      { bin: '12345', vatRateBasisPoints: 750 },
      { bin: '000123456', vatRateBasisPoints: 29 },
    ]);
    expect(vat).toHaveValue('0.29');
    expect(within(form).getByText(/Tax invoice \(Mushak-6\.3\) · Seller's BIN: 000123456 · VAT rate: 0\.29%/)).toBeInTheDocument();
    expect(within(form).getByText(/বিক্রেতার বিআইএন: 000123456 · ভ্যাটের হার: ০\.২৯%/)).toBeInTheDocument();
  });
});
