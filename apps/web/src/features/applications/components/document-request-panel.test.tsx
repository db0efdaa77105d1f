import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, formatDate } from '@visa/shared/dates';
import { DEFAULT_GRACE_DAYS, DOCUMENT_REQUEST_TEXTS as M } from '@visa/shared/document-requests';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { seedApplication } from '../test/fixtures';
import { DocumentRequestPanel } from './document-request-panel';

const h = apiHarnessForFile({ reset: false, signedIn: true });

describe('a new document request’s due date', { timeout: 30_000 }, () => {
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
