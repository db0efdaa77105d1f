import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, formatDate } from '@visa/shared/dates';
import { DEFAULT_GRACE_DAYS, DOCUMENT_REQUEST_TEXTS as M, DOCUMENT_REQUEST_SENT_TEXTS as T } from '@visa/shared/document-requests';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { seedApplication } from '../test/fixtures';
import { DocumentRequestPanel } from './document-request-panel';

const h = apiHarnessForFile({ reset: false, signedIn: true });

describe('a new document request’s due date', () => {
  it('offers no date past the link’s bound, and shows the server’s reason when a later one is typed', async () => {
    const app = await seedApplication(h);
    // The bound as the server states it today: the panel must offer exactly it.
    const { latestDueDate } = (
      await h.t.request({ method: 'GET', url: `/api/application/documentRequest/${app._id}`, token: h.staff.token })
    ).json();
    renderRoutes([{ path: '/file', Component: () => <DocumentRequestPanel applicationId={app._id} /> }], ['/file']);
    const due = await screen.findByLabelText('Due date');
    expect(due).toHaveAttribute('max', latestDueDate);
    expect(screen.getByText(`By ${formatDate(latestDueDate)} at the latest: links stop working after a set time.`)).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox', { name: 'Passport (photo page)' }));
    fireEvent.change(due, { target: { value: addDays(latestDueDate, 1) } });
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(M.dueDateTooLate(latestDueDate, h.t.config.LINK_MAX_DAYS, DEFAULT_GRACE_DAYS))).toBeInTheDocument();
    expect(await h.t.db.selectFrom('document_requests').select('id').where('application_id', '=', app._id).execute()).toEqual([]);
  });
});

describe('sending a document request', () => {
  it('confirms by channel, starts the form afresh, shows the link once, and asks before replacing a working link', async () => {
    const app = await seedApplication(h);
    const { latestDueDate } = (
      await h.t.request({ method: 'GET', url: `/api/application/documentRequest/${app._id}`, token: h.staff.token })
    ).json();
    renderRoutes([{ path: '/file', Component: () => <DocumentRequestPanel applicationId={app._id} /> }], ['/file'], { toaster: true });
    const user = userEvent.setup({ delay: null });
    const passport = await screen.findByRole('checkbox', { name: 'Passport (photo page)' });
    await user.click(passport);
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: latestDueDate } });
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    // Announced: the toast is a status region naming the channel the link went by.
    expect((await screen.findByText(T.sent(['email']))).closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Passport (photo page)' })).not.toBeChecked();
    expect(screen.getByLabelText('Due date')).toHaveValue('');
    const link = screen.getByTestId('sent-link').textContent ?? '';
    expect(link).toMatch(/\/documents#[\w-]{43}$/);
    expect(screen.getByText(T.linkOnce)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.copy })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.hide }));
    expect(screen.queryByTestId('sent-link')).toBeNull();

    // A second send with the link working: a dialog first; cancelled, nothing is replaced.
    await user.click(screen.getByRole('checkbox', { name: 'Passport (photo page)' }));
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: latestDueDate } });
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const dialog = await screen.findByRole('dialog', { name: T.replaceTitle });
    expect(dialog).toHaveTextContent(T.replaceBody);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const requests = () => h.t.db.selectFrom('document_requests').select('id').where('application_id', '=', app._id).execute();
    expect(await requests()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await user.click(within(await screen.findByRole('dialog', { name: T.replaceTitle })).getByRole('button', { name: T.replaceConfirm }));
    expect(await screen.findByTestId('sent-link')).not.toHaveTextContent(link);
    expect(await requests()).toHaveLength(2);
  });
});
