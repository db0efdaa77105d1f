import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@visa/shared/dates';
import { createApplication } from '@visa/test-support/applications';
import { type Staff, apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { FINANCIAL_RETENTION_WORDS as W, RECEIPT_SETTINGS_WORDS } from '@visa/shared/money-settings-words';
import { FinancialRetentionForm } from '../../../features/money-reports/components/financial-retention-form';
import { MoneyTile } from '../../../features/money-reports/components/money-tile';
import ReportsPage from './reports';
import SettingsPage from './settings';

// The Reports page and the dashboard's money tile (ADR 0092), on the real API.
const h = apiHarnessForFile({ reset: false });
const today = todayIn('Asia/Dhaka');
let owner: Staff;
let clerk: Staff;
let karim: string;
let erased: string;

beforeAll(async () => {
  owner = await h.signIn('superadmin', { name: 'Office Owner' });
  clerk = await h.signIn('admin', { name: 'Rafi Clerk' });
  const add = async (id: string, payload: Record<string, unknown>) => {
    const res = await h.t.request({ method: 'POST', url: `/api/application/money/${id}/entries`, payload, token: clerk.token });
    expect(res.statusCode, res.body).toBe(200);
  };
  karim = (await createApplication(h.t.db, { given_name: 'Karim', surname: 'Rahman' })).id;
  await add(karim, { kind: 'charge', description: 'Service fee', amountMinor: 2_500_000, currency: 'BDT', occurredOn: today });
  await add(karim, { kind: 'payment', method: 'cash', amountMinor: 1_000_050, occurredOn: today });
  const gone = await createApplication(h.t.db, { given_name: 'Salma', surname: 'Begum' });
  erased = gone.id;
  await add(erased, { kind: 'charge', description: 'Service fee', amountMinor: 50_000, currency: 'BDT', occurredOn: today });
  const erase = await h.t.request({
    method: 'POST',
    url: `/api/application/eraseApplication/${erased}`,
    payload: { reason: 'Asked to be forgotten', confirmation: gone.passport },
    token: owner.token,
  });
  expect(erase.statusCode, erase.body).toBe(200);
}, 60_000);

const page = () => renderRoutes([{ path: '/reports', Component: ReportsPage }], ['/reports']);

describe('Reports', () => {
  it('shows a super-admin the money in by method and who owes, an erased applicant under the marker', async () => {
    h.signInAs(owner);
    page();
    const daily = await screen.findByRole('table', { name: 'Money in per day' });
    const row = within(daily).getByRole('row', { name: new RegExp(`^${today}`) });
    expect(row).toHaveTextContent('৳10,000.50');
    expect(within(daily).getByRole('columnheader', { name: 'Cash' })).toBeInTheDocument();
    const owing = await screen.findByRole('table', { name: 'Who owes' });
    const rows = within(owing).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Karim Rahman৳14,999.50', 'Personal data erased৳500.00']);
    expect(within(owing).getByRole('link', { name: 'Karim Rahman' })).toHaveAttribute('href', `/updateApplicationView/${karim}`);
    expect(screen.getByText('2 applications owe ৳15,499.50 in all.')).toBeInTheDocument();
  });

  it('says a bad range in the server’s words, by keyboard', async () => {
    h.signInAs(owner);
    const user = userEvent.setup();
    page();
    await screen.findByRole('table', { name: 'Money in per day' });
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A report covers at most 400 days.');
  });

  it('tells other staff they may not see it, and shows a super-admin the money tile', async () => {
    h.signInAs(clerk);
    page();
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    h.signInAs(owner);
    renderRoutes([{ path: '/dashboard', Component: () => <MoneyTile enabled /> }], ['/dashboard']);
    const tile = screen.getByTestId('money-tile');
    await waitFor(() => expect(tile).toHaveTextContent("৳10,000.50 today's takings"));
    expect(tile).toHaveTextContent('৳15,499.50 owed in all');
    expect(screen.getByRole('link', { name: 'Money: open the reports' })).toHaveAttribute('href', '/reports');
  });
});

describe('Settings → Keeping financial records', () => {
  it('shows the six years, refuses words here and too many years at the field in the API’s words, and saves', async () => {
    h.signInAs(owner);
    const user = userEvent.setup();
    renderRoutes([{ path: '/setting', Component: FinancialRetentionForm }], ['/setting'], { toaster: true });
    const form = await screen.findByRole('form', { name: W.title });
    const years = within(form).getByLabelText(W.years);
    expect(years).toHaveValue('6');

    await user.clear(years);
    await user.type(years, 'ten');
    await user.click(within(form).getByRole('button', { name: W.save }));
    expect(years).toHaveAccessibleDescription(`${W.yearsInvalid} ${W.yearsHint}`);
    expect(h.sentTo('PUT /api/users/settings/financial-retention')).toHaveLength(0);

    await user.clear(years);
    await user.type(years, '31');
    await user.click(within(form).getByRole('button', { name: W.save }));
    await waitFor(() => expect(years).toHaveAccessibleDescription(`${W.yearsInvalid} ${W.yearsHint}`));
    expect(h.sentTo('PUT /api/users/settings/financial-retention').map((r) => r.data)).toEqual([{ years: 31 }]);

    await user.clear(years);
    await user.type(years, '১০');
    await user.click(within(form).getByRole('button', { name: W.save }));
    expect(await screen.findByText(W.saved)).toBeInTheDocument();
    expect(years).toHaveValue('10');
    const saved = await h.t.request({ method: 'GET', url: '/api/users/settings/financial-retention', token: owner.token });
    expect(saved.json()).toEqual({ years: 10 });
  });

  it('is not on other staff’s Settings page, whose API would refuse them', async () => {
    h.signInAs(clerk);
    renderRoutes([{ path: '/setting', Component: SettingsPage }], ['/setting']);
    expect(await screen.findByText('Rafi Clerk')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: W.title })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: RECEIPT_SETTINGS_WORDS.title })).not.toBeInTheDocument();
  });
});
