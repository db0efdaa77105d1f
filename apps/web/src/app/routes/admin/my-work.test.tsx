import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LetterKind } from '@visa/shared/case-work';
import { addDays, formatDate, todayIn } from '@visa/shared/dates';
import { createApplication } from '@visa/test-support/applications';
import { type Staff, apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { MyWorkTile } from '../../../features/my-work/components/my-work-tile';
import MyWorkPage from './my-work';

// My work and its dashboard tile (ADR 0079), on the real API. The letters' deadlines are days
// around the office's today, far enough from its edges that the day cannot turn between the
// seeding and the assertions.
const h = apiHarnessForFile({ reset: false });
const today = todayIn('Asia/Dhaka');
let owner: Staff;
let clerk: Staff;
const ids: string[] = [];

beforeAll(async () => {
  owner = await h.signIn('superadmin', { name: 'Office Owner' });
  clerk = await h.signIn('admin', { name: 'Rafi Clerk' });
  const names = [
    ['Nadia', 'Overdue'],
    ['Karim', 'Today'],
    ['Lipi', 'Later'],
    ['Sohel', 'Clerks'],
  ];
  for (const [given, surname] of names) ids.push((await createApplication(h.t.db, { given_name: given!, surname: surname! })).id);
  const letters: [number, LetterKind, string, string][] = [
    [0, 'biometrics', addDays(today, -3), owner.id],
    [1, 'fairness', today, owner.id],
    [2, 'medical', addDays(today, 4), owner.id],
    [3, 'passport', addDays(today, 1), clerk.id],
  ];
  for (const [i, kind, deadline, ownerId] of letters) {
    await h.t.db
      .insertInto('case_letters')
      .values({
        id: `${ids[i]!.slice(0, 20)}ca${i}0`,
        application_id: ids[i]!,
        kind,
        letter_date: addDays(today, -20),
        deadline,
        rule_deadline: null,
        reason: '',
        owner_id: ownerId,
        done_on: null,
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
  }
}, 60_000);

const page = (entry = '/myWork') => renderRoutes([{ path: '/myWork', Component: MyWorkPage }], [entry]);

describe('My work', () => {
  it('lists my letters overdue, due today and this week with the applicant, the letter, the deadline, the days and the owner', async () => {
    h.signInAs(owner);
    page();
    const overdue = await screen.findByRole('region', { name: /Overdue/ });
    const line = within(overdue).getByRole('listitem');
    expect(within(line).getByRole('link', { name: 'Nadia Overdue' })).toHaveAttribute('href', `/updateApplicationView/${ids[0]}`);
    expect(line).toHaveTextContent('Biometric instruction letter');
    expect(line).toHaveTextContent(`Deadline ${formatDate(addDays(today, -3))}`);
    expect(line).toHaveTextContent('3 days overdue');
    expect(line).toHaveTextContent('Owner: Office Owner');
    expect(screen.getByRole('region', { name: /Due today/ })).toHaveTextContent('Procedural fairness letter');
    const week = screen.getByRole('region', { name: /Due this week/ });
    expect(week).toHaveTextContent('4 days left');
    expect(week).not.toHaveTextContent('Sohel Clerks');
  });

  it('lets a super-admin switch to everyone’s work, by keyboard', async () => {
    h.signInAs(owner);
    const user = userEvent.setup();
    page();
    const me = await screen.findByRole('radio', { name: 'Me' });
    expect(me).toBeChecked();
    await user.click(me);
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Everyone' })).toBeChecked());
    const week = await screen.findByRole('region', { name: /Due this week \(2\)/ });
    expect(within(week).getAllByRole('listitem')[0]).toHaveTextContent('Sohel Clerks');
    expect(within(week).getAllByRole('listitem')[0]).toHaveTextContent('1 day left');
    expect(within(week).getAllByRole('listitem')[0]).toHaveTextContent('Owner: Rafi Clerk');
  });

  it('shows no switch to other staff, even with ?who=everyone, and says when nothing is due', async () => {
    const quiet = await h.signIn('admin', { name: 'Quiet Clerk' });
    h.signInAs(quiet);
    page('/myWork?who=everyone');
    expect(await screen.findByTestId('my-work-empty')).toHaveTextContent('Nothing is due this week.');
    expect(screen.queryByRole('radio', { name: 'Everyone' })).not.toBeInTheDocument();
  });

  it('counts my letters on the dashboard’s tile, leading to My work', async () => {
    h.signInAs(owner);
    renderRoutes([{ path: '/dashboard', Component: MyWorkTile }], ['/dashboard']);
    const tile = screen.getByTestId('my-work-tile');
    await waitFor(() => expect(tile).toHaveTextContent('1 overdue'));
    expect(tile).toHaveTextContent('1 due today');
    expect(tile).toHaveTextContent('1 this week');
    expect(screen.getByRole('link', { name: 'My work: show my letters' })).toHaveAttribute('href', '/myWork');
  });
});
