import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '@visa/shared/api-paths';
import { APPLICANT_FILE_TEXTS } from '@visa/shared/applicant-file';
import { type Application, ApplicationSchema } from '@visa/shared/applications';
import { formatDate, todayIn } from '@visa/shared/dates';
import { VIEW, documentInvalidType } from '@visa/shared/ui-texts';
import { createApplication } from '@visa/test-support/applications';
import { type Staff, apiHarnessForFile } from '../../../../test/api-harness';
import { jpegFile, pdfFile, pngFile } from '../../../../test/files';
import { renderRoutes } from '../../../../test/render';
import { paths } from '../../../config/paths';
import { applicationFilePath } from '../../../config/staff-links';
import ApplicationFilePage from './application-file';

const h = apiHarnessForFile({ env: { PUBLIC_URL: 'https://visa.example.com' }, reset: false });
let staff: Staff;
beforeAll(async () => {
  staff = await h.signIn('admin', { name: 'Nadia Staff' });
});
beforeEach(() => h.signInAs(staff));

const routes = [
  { path: paths.applicationFile, Component: ApplicationFilePage },
  { path: paths.applicationFileById, Component: ApplicationFilePage },
  { path: paths.applicationList, Component: () => <h1>Application List</h1> },
];

async function newApplication(overrides: Parameters<typeof createApplication>[1] = {}) {
  const row = await createApplication(h.t.db, { surname: 'Hossain', given_name: 'Farida', ...overrides }, { storage: h.t.storage });
  return row;
}

async function applicationJson(id: string): Promise<Application> {
  const res = await h.t.request({ method: 'GET', url: `/api/application/fetchApplication/${id}`, token: staff.token });
  return ApplicationSchema.parse(res.json());
}

const openById = (id: string) => renderRoutes(routes, [applicationFilePath(id)], { toaster: true });
const copyTitle = () => screen.findByRole('heading', { level: 1, name: /^Applicants Copy/ });
const setup = () => userEvent.setup({ applyAccept: false });

describe('opening the applicant copy', () => {
  it('loads by id: title with the status, photo, name, sections A–D, visa dates and documents', async () => {
    const row = await newApplication({ pending_date: '2026-11-30', passport: 'EF1234567' });
    openById(row.id);
    expect(await copyTitle()).toHaveTextContent('Applicants Copy (Pending)');
    expect(screen.getByText('Farida Hossain')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Farida Hossain' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^\/files\/private\//),
    );
    for (const title of ['A. Personal Particulars', 'B. Company Details', 'C. Passport Details', "D. Applicant's Contact Details"]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    const passport = screen.getByRole('region', { name: 'C. Passport Details' });
    expect(within(passport).getByText('Passport').nextSibling).toHaveTextContent('EF1234567');
    // A pending copy says since when and that news comes by email; no visa dates before approval.
    const status = screen.getByRole('region', { name: 'Application Status' });
    expect(within(status).getByText('Status').nextSibling).toHaveTextContent('Pending — we will email you when there is news');
    expect(within(status).getByText('Pending since').nextSibling).toHaveTextContent('30 Nov 2026');
    expect((await within(status).findByText('Stage')).nextSibling).toHaveTextContent('Preparing the file');
    expect(screen.queryByRole('region', { name: 'Visa Dates' })).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Applicants Copy (Pending)' })).queryByText(/collect/i)).toBeNull();
    expect(screen.getByText('No documents yet.')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code linking to https://visa.example.com/enquiry' })).toBeInTheDocument();
  });

  it('opened with the application in navigation state, shows it', async () => {
    const row = await newApplication();
    const application = await applicationJson(row.id);
    renderRoutes(routes, [{ pathname: paths.applicationFile, state: { application } }], { toaster: true });
    expect(await copyTitle()).toHaveTextContent('Applicants Copy (Pending)');
    expect(screen.getByText('Farida Hossain')).toBeInTheDocument();
  });

  it('opened without state or id, goes back to the application list', async () => {
    renderRoutes(routes, [paths.applicationFile], { toaster: true });
    expect(await screen.findByRole('heading', { name: 'Application List' })).toBeInTheDocument();
  });

  it('an unknown id goes back to the list with a message', async () => {
    openById('0'.repeat(24));
    expect(await screen.findByRole('heading', { name: 'Application List' })).toBeInTheDocument();
    expect(await screen.findByText(APPLICANT_FILE_TEXTS.applicationNotFound)).toBeInTheDocument();
  });

  it('a failed load says so and can be retried', async () => {
    const row = await newApplication();
    h.setOffline(true);
    const user = setup();
    openById(row.id);
    expect(await screen.findByText(VIEW.loadError)).toHaveTextContent('Error loading application data. Please try again.');
    h.setOffline(false);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await copyTitle()).toHaveTextContent('Applicants Copy (Pending)');
  });
});

describe('status actions', () => {
  it('Approve refreshes the view in place: status, approve date, history and the email to the applicant', async () => {
    const row = await newApplication();
    const user = setup();
    openById(row.id);
    await copyTitle();
    expect(screen.getByRole('button', { name: 'Pending' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    // It asks first, showing the date that will be recorded: today unless another day is picked.
    const dialog = await screen.findByRole('dialog', { name: 'Approve this application?' });
    const today = todayIn('Asia/Dhaka');
    expect(within(dialog).getByLabelText('Approval date')).toHaveValue(today);
    expect(within(dialog).getByTestId('recorded-date')).toHaveTextContent(`Date to be recorded: ${formatDate(today)} (today)`);
    await user.click(within(dialog).getByRole('button', { name: 'Approve application' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Applicants Copy (Approved)' })).toBeInTheDocument();
    const dates = screen.getByRole('region', { name: 'Visa Dates' });
    expect(within(dates).getByText('Visa approve date').nextSibling).toHaveTextContent(formatDate(todayIn('Asia/Dhaka')));
    // The approval moved the case to the decision stage, and the copy says so.
    await waitFor(() => expect(within(dates).getByText('Stage').nextSibling).toHaveTextContent('Decision'));
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText(/^Status changed from Pending to Approved/)).toBeInTheDocument();
    expect(within(history).getAllByText(/Nadia Staff/).length).toBeGreaterThan(0);
    const emails = screen.getByRole('region', { name: 'Emails to the applicant' });
    expect(await within(emails).findByText('Visa application update: Approved | ভিসা আবেদনের হালনাগাদ: অনুমোদিত')).toBeInTheDocument();
  });

  it('Pending with a chosen date sets the visa collect date', async () => {
    const row = await newApplication({ status: 'approved', approve_date: '2026-01-02', created_at: '2026-01-01T03:00:00.000Z' });
    const user = setup();
    openById(row.id);
    await copyTitle();
    await user.click(screen.getByRole('button', { name: 'Pending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set this application back to pending?' });
    const date = within(dialog).getByLabelText('Pending since (visa collect date)');
    expect(date).toHaveAttribute('min', '2026-01-01');
    expect(date).toHaveAttribute('max', todayIn('Asia/Dhaka'));
    await user.clear(date);
    await user.type(date, '2026-01-24');
    expect(within(dialog).getByTestId('recorded-date')).toHaveTextContent('Date to be recorded: 24 Jan 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Set to pending' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Applicants Copy (Pending)' })).toBeInTheDocument();
    const status = screen.getByRole('region', { name: 'Application Status' });
    expect(within(status).getByText('Pending since').nextSibling).toHaveTextContent('24 Jan 2026');
    expect(screen.queryByRole('region', { name: 'Visa Dates' })).toBeNull();
  });

  it('refuses a day before the application was added or after today in the dialog, sending nothing', async () => {
    const row = await newApplication({ created_at: '2026-03-01T20:30:00.000Z' });
    const user = setup();
    openById(row.id);
    await copyTitle();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this application?' });
    const date = within(dialog).getByLabelText('Approval date');
    // Added at 20:30 UTC on 1 March: 2 March in the office's calendar.
    expect(date).toHaveAttribute('min', '2026-03-02');
    await user.clear(date);
    await user.type(date, '2026-03-01');
    const sent = h.sent.length;
    await user.click(within(dialog).getByRole('button', { name: 'Approve application' }));
    expect(date).toHaveAccessibleDescription(expect.stringContaining(APPLICANT_FILE_TEXTS.dateBeforeCreated));
    expect(date).toHaveAttribute('aria-invalid', 'true');
    await user.clear(date);
    await user.type(date, '2099-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Approve application' }));
    expect(date).toHaveAccessibleDescription(expect.stringContaining(APPLICANT_FILE_TEXTS.dateInFuture));
    expect(h.sent.length).toBe(sent);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((await applicationJson(row.id)).isStatus).toBe('pending');
  });

  it('a double click on the confirm button makes one change and one email', async () => {
    const row = await newApplication();
    const user = setup();
    openById(row.id);
    await copyTitle();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this application?' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Approve application' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Applicants Copy (Approved)' })).toBeInTheDocument();
    expect(h.sentTo(`PUT /api/application/updateApplicationApprove/${row.id}`)).toHaveLength(1);
    const history = await h.t.request({ method: 'GET', url: `/api/application/applicationHistory/${row.id}`, token: staff.token });
    expect(history.json().emails).toHaveLength(1);
  });

  it('disables every status button while a change is on its way', async () => {
    const row = await newApplication();
    const user = setup();
    openById(row.id);
    await copyTitle();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const release = h.hold();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject application' }));
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject application' })).toBeDisabled());
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    for (const name of ['Pending', 'Approve', 'Reject']) expect(screen.getByRole('button', { name, hidden: true })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Applicants Copy (Rejected)' })).toBeInTheDocument();
  });

  it('Reject asks first; Cancel changes nothing, confirming rejects', async () => {
    const row = await newApplication();
    const user = setup();
    openById(row.id);
    await copyTitle();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await applicationJson(row.id)).isStatus).toBe('pending');

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject application' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Applicants Copy (Rejected)' })).toBeInTheDocument();
    expect((await applicationJson(row.id)).isStatus).toBe('rejected');
  });

  it('a refusal from the server shows the product message and the reason', async () => {
    const row = await newApplication();
    const user = setup();
    openById(row.id);
    await copyTitle();
    // Someone else approves it meanwhile; this page still shows it pending.
    await h.t.request({ method: 'PUT', url: `/api/application/updateApplicationApprove/${row.id}`, payload: {}, token: staff.token });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve application' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(VIEW.approveFailed);
    expect(alert).toHaveTextContent('Failed to approve application...');
    expect(alert).toHaveTextContent(APPLICANT_FILE_TEXTS.alreadyInStatus('approved'));
  });

  it('no answer at all: "Error … {message}. Please try again."', async () => {
    const row = await newApplication();
    const user = setup();
    openById(row.id);
    await copyTitle();
    h.setOffline(true);
    await user.click(screen.getByRole('button', { name: 'Pending' }).nextElementSibling as HTMLElement);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error approving application: Network Error. Please try again.');
    h.setOffline(false);
  });
});

describe('documents', () => {
  it('uploads the good file of two (the other refused by type), then shows it in the copy and the history', async () => {
    const row = await newApplication();
    const user = setup();
    openById(row.id);
    await copyTitle();
    await user.upload(screen.getByLabelText('Choose documents (JPEG or PNG, at most 7 MB each)'), [
      await jpegFile('visa-page.jpg'),
      pdfFile('contract.pdf'),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(documentInvalidType('contract.pdf', 'application/pdf'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Label for visa-page.jpg' }), 'Visa');
    await user.click(screen.getByRole('button', { name: 'Upload document' }));

    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(await within(documents).findByText('Document 1 of 1: Visa')).toBeInTheDocument();
    expect(within(documents).getByRole('img', { name: 'Visa (document 1)' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^\/files\/private\/doc-/),
    );
    expect(screen.queryByRole('list', { name: 'Documents to upload' })).toBeNull();
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('Document added: Visa (visa-page.jpg)')).toBeInTheDocument();
    expect((await applicationJson(row.id)).documents.map((d) => d.label)).toEqual(['Visa']);
  });

  it('removes a document after confirmation', async () => {
    const row = await newApplication();
    const form = new FormData();
    form.append('file1', await jpegFile('a.jpg'), 'a.jpg');
    form.append('file1', await pngFile('b.png'), 'b.png');
    form.append('label', 'LMIA');
    form.append('label', 'Other');
    const { api } = await import('../../../lib/api-client');
    const uploaded = await api.put<{ documents: unknown[] }>(apiUrl('addDocuments', { id: row.id }), form);
    expect(uploaded.data.documents).toHaveLength(2);

    const user = setup();
    openById(row.id);
    await copyTitle();
    await user.click(screen.getByRole('button', { name: 'Remove document 1 (LMIA)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this document?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove document' }));
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(await within(documents).findByText('Document 1 of 1: Other')).toBeInTheDocument();
    expect((await applicationJson(row.id)).documents.map((d) => d.label)).toEqual(['Other']);
  });
});

describe('print and PDF', () => {
  it('Print opens the browser print dialog; Download PDF saves the server PDF', async () => {
    const row = await newApplication();
    const user = setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const saved: { href: string; download: string }[] = [];
    const blobs: Blob[] = [];
    const original = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:test-pdf';
    };
    // jsdom cannot follow a download link; record what the click would save instead.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    try {
      openById(row.id);
      await copyTitle();
      await user.click(screen.getByRole('button', { name: 'Print' }));
      expect(print).toHaveBeenCalledTimes(1);

      await user.click(screen.getByRole('button', { name: 'Download PDF' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]!.download).toBe(`applicants-copy-Hossain-Farida-${row.passport}.pdf`);
      expect(blobs[0]!.type).toBe('application/pdf');
      expect(new TextDecoder().decode((await blobs[0]!.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    } finally {
      URL.createObjectURL = original;
    }
  });
});
