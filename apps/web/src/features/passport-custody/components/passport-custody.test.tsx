import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTODY_TEXTS } from '@visa/shared/passport-custody';
import { PASSPORT_CUSTODY as T } from '@visa/shared/custody-texts';
import { createApplication } from '@visa/test-support/applications';
import { type Staff, apiHarnessForFile } from '../../../../test/api-harness';
import { installObjectUrls, renderRoutes } from '../../../../test/render';
import { HeldPassports } from './held-passports';
import { PassportPanel } from './passport-panel';

const saved = installObjectUrls();
const h = apiHarnessForFile({ reset: false });
let staff: Staff;
beforeAll(async () => {
  staff = await h.signIn('admin', { name: 'Nadia Staff' });
});
beforeEach(() => h.signInAs(staff));

const render = (element: React.ReactElement) => renderRoutes([{ path: '/', Component: () => element }], ['/'], { toaster: true });

describe('the passport on the applicant file, and the passports we hold', () => {
  it('records a handover with the moves the passport can make, shows the server’s refusal, and prints the slip', async () => {
    const user = userEvent.setup({ delay: null });
    const row = await createApplication(h.t.db, { given_name: 'Salma', surname: 'Akter' });
    render(<PassportPanel applicationId={row.id} />);
    expect(await screen.findByTestId('passport-holder')).toHaveTextContent('Where it is now: With the applicant');
    expect(screen.getByText(T.noHandovers)).toBeInTheDocument();
    const move = screen.getByRole('combobox', { name: T.move });
    expect(
      within(move)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['The applicant → The office']);

    await user.clear(screen.getByLabelText(T.date));
    await user.type(screen.getByLabelText(T.date), '2026-11-02');
    await user.type(screen.getByRole('textbox', { name: T.counterpart }), 'Her brother Rafiq');
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(screen.getByTestId('passport-holder')).toHaveTextContent('At the office'));
    expect(screen.getByText('Her brother Rafiq')).toBeInTheDocument();
    expect(
      within(screen.getByRole('combobox', { name: T.move }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['The office → VFS', 'The office → The applicant']);

    // A date before the last handover: the API refuses, the form says why, nothing moves.
    await user.clear(screen.getByLabelText(T.date));
    await user.type(screen.getByLabelText(T.date), '2026-11-01');
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CUSTODY_TEXTS.beforeLast);
    expect(screen.getByTestId('passport-holder')).toHaveTextContent('At the office');

    // A blocked new tab: the slip is downloaded instead.
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const before = saved.length;
    await user.click(screen.getByRole('button', { name: /^Print slip: 2 Nov 2026/ }));
    await waitFor(() => expect(saved.length).toBe(before + 1));
    expect(saved.at(-1)!.type).toBe('application/pdf');
    open.mockRestore();
  });

  it('lists the passports the office holds, each leading to its file', async () => {
    const row = await createApplication(h.t.db, { given_name: 'Karim', surname: 'Rahman' });
    const res = await h.t.request({
      method: 'POST',
      url: `/api/application/case/${row.id}/passport`,
      payload: { from: 'applicant', to: 'office', date: '2026-11-03', counterpart: 'Karim himself' },
      token: staff.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    render(<HeldPassports />);
    const link = await screen.findByRole('link', { name: 'Karim Rahman' });
    expect(link).toHaveAttribute('href', `/updateApplicationView/${row.id}`);
    const cells = within(link.closest('tr')!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['Karim Rahman', 'At the office', '3 Nov 2026', 'Karim himself', 'Nadia Staff']);
  });
});
