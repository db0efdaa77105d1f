import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CASE_TEXTS } from '@visa/shared/case-work';
import { CASE_UI_TEXTS as T } from '@visa/shared/case-ui-texts';
import { formatDate } from '@visa/shared/dates';
import { createApplication } from '@visa/test-support/applications';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { CasePanel } from './case-panel';
import { CaseSettingsForm } from './case-settings-form';

const h = apiHarnessForFile();

const renderPanel = (applicationId: string) =>
  renderRoutes(
    [{ path: '/file', Component: () => <CasePanel applicationId={applicationId} meId={h.staff.id} mayAssign={false} /> }],
    ['/file'],
    { toaster: true },
  );

describe('the Case panel on the applicant file', () => {
  it('shows the stage, the IRCC number, a moved deadline with its reason, and the timeline', async () => {
    await h.signIn('admin', { name: 'Nadia Staff' });
    const { id } = await createApplication(h.t.db);
    const post = (url: string, payload: object) => h.t.request({ method: 'POST', url, token: h.staff.token, payload });
    await post(`/api/application/case/${id}/steps`, { kind: 'submitted', date: '2026-01-02', irccNumber: 'w123456789' });
    const moved = await post(`/api/application/case/${id}/letters`, {
      kind: 'medical',
      letterDate: '2026-01-05',
      deadline: '2026-03-06',
      reason: 'IRCC added 30 days for Bangladesh',
    });
    expect(moved.statusCode).toBe(200);
    renderPanel(id);

    expect(await screen.findByTestId('case-stage')).toHaveTextContent('Medical exam');
    expect(screen.getByText('W123456789')).toBeInTheDocument();
    const letter = screen.getByTestId('case-letter');
    expect(letter).toHaveTextContent('Medical instructions');
    expect(letter).toHaveTextContent(T.deadline(formatDate('2026-03-06')));
    expect(letter).toHaveTextContent(T.overridden(formatDate('2026-02-04'), 'IRCC added 30 days for Bangladesh'));
    expect(letter).toHaveTextContent('Owner: Nadia Staff');
    const timeline = screen.getByRole('list', { name: T.timeline });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
    ).toEqual(['Letter received', 'Submitted to IRCC']);
    expect(timeline).toHaveTextContent('Recorded by Nadia Staff on');
  });

  it('enters a letter with the rule’s deadline moved and a reason, and shows a refused deadline at its field', async () => {
    await h.signIn();
    const { id } = await createApplication(h.t.db);
    renderPanel(id);
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole('form', { name: T.letterForm });

    await user.selectOptions(within(form).getByLabelText(T.letterKind), 'biometrics');
    fireEvent.change(within(form).getByLabelText(T.letterDate), { target: { value: '2026-01-10' } });
    const deadline = within(form).getByLabelText(T.letterDeadline);
    expect(deadline).toHaveValue('2026-02-09');
    expect(within(form).queryByLabelText(T.reason)).toBeNull();
    fireEvent.change(deadline, { target: { value: '2026-03-11' } });
    await user.click(within(form).getByLabelText(T.reason));
    await user.paste('IRCC gave 60 days');
    await user.click(within(form).getByRole('button', { name: T.enterLetter }));

    expect(await screen.findByText(T.letterEntered)).toBeInTheDocument();
    expect(h.sentTo(`POST /api/application/case/${id}/letters`).map((r) => r.data)).toEqual([
      { kind: 'biometrics', letterDate: '2026-01-10', deadline: '2026-03-11', reason: 'IRCC gave 60 days', note: '' },
    ]);
    expect(screen.getByTestId('case-letter')).toHaveTextContent(T.overridden(formatDate('2026-02-09'), 'IRCC gave 60 days'));

    // A fairness letter names its own deadline; one before the letter's date is refused at the field.
    await user.selectOptions(within(form).getByLabelText(T.letterKind), 'fairness');
    fireEvent.change(within(form).getByLabelText(T.letterDate), { target: { value: '2026-01-11' } });
    fireEvent.change(within(form).getByLabelText(T.letterDeadline), { target: { value: '2026-01-01' } });
    await user.click(within(form).getByRole('button', { name: T.enterLetter }));
    await waitFor(() =>
      expect(within(form).getByLabelText(T.letterDeadline)).toHaveAccessibleDescription(
        expect.stringContaining(CASE_TEXTS.deadlineBeforeLetter),
      ),
    );
    expect(within(form).getByLabelText(T.letterDeadline)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByTestId('case-letter')).toHaveLength(1);
  });
});

describe('Settings → Case', () => {
  it('reorders the stages, adds an office stage and saves them with the rules', async () => {
    await h.signIn('superadmin');
    renderRoutes([{ path: '/settings', Component: CaseSettingsForm }], ['/settings']);
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: T.moveUp('Biometrics') }));
    await user.click(screen.getByLabelText(T.newStageEn));
    await user.paste('Embassy interview');
    await user.click(screen.getByLabelText(T.newStageBn));
    await user.paste('দূতাবাসে সাক্ষাৎকার');
    await user.click(screen.getByRole('button', { name: T.addStage }));
    expect(screen.getByLabelText(T.stageEn(8))).toHaveValue('Embassy interview');
    fireEvent.change(screen.getByLabelText('Procedural fairness letter'), { target: { value: '45' } });
    fireEvent.change(screen.getByLabelText(T.reminderDays), { target: { value: '14, 3' } });
    await user.click(screen.getByRole('button', { name: T.saveSettings }));

    expect(await screen.findByText(T.settingsSaved)).toBeInTheDocument();
    const [put] = h.sentTo('PUT /api/users/settings/case').map((r) => r.data as { stages: { key: string }[] });
    expect(put!.stages.map((s) => s.key)).toEqual([
      'preparing',
      'biometrics',
      'submitted',
      'medical',
      'documents',
      'passport',
      'decision',
      'custom-embassy-interview',
    ]);
    const saved = (await h.t.request({ method: 'GET', url: '/api/users/settings/case', token: h.staff.token })).json();
    expect(saved).toMatchObject({
      letterDays: { fairness: 45, documents: null, biometrics: 30 },
      reminderDays: [14, 3],
      digestHour: '08:00',
      stages: expect.arrayContaining([
        { key: 'custom-embassy-interview', en: 'Embassy interview', bn: 'দূতাবাসে সাক্ষাৎকার', hidden: false },
      ]),
    });
  });
});
