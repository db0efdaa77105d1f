import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SYSTEM_TEXTS } from '@visa/shared/system';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { formatDateTime } from '@visa/shared/dates';
import rootPackage from '../../../../../../package.json?raw';
import { SystemStatusPanel } from './system-status';
import { SystemWarningsLine } from './system-warnings-line';

const h = apiHarnessForFile();

/** A housekeeping run that went well and a sweep that failed, as the scheduler records them. */
async function recordRuns() {
  await h.t.db.deleteFrom('job_runs').execute();
  await h.t.db
    .insertInto('job_runs')
    .values([
      {
        name: 'housekeeping',
        next_run_at: '2026-11-26T18:00:00.000Z',
        holder: 'a',
        started_at: '2026-11-26T12:00:00.000Z',
        finished_at: '2026-11-26T12:00:05.000Z',
        outcome: '{}',
        error: null,
      },
      {
        name: 'sweep-files',
        next_run_at: '2026-11-26T13:00:00.000Z',
        holder: 'a',
        started_at: '2026-11-26T12:00:00.000Z',
        finished_at: '2026-11-26T12:00:01.000Z',
        outcome: null,
        error: 'storage unreachable',
      },
      // Listed from the server's first start, before its first run.
      {
        name: 'retention',
        next_run_at: '2026-11-27T12:00:00.000Z',
        holder: null,
        started_at: null,
        finished_at: null,
        outcome: null,
        error: null,
      },
    ])
    .execute();
}

describe('the System section', () => {
  it("shows the owner the version, each job's outcome and the warnings", async () => {
    await recordRuns();
    await h.signIn('superadmin');
    renderRoutes([{ path: '/setting', Component: SystemStatusPanel }], ['/setting']);
    const jobs = await screen.findByRole('table', { name: 'Scheduled jobs' });
    expect(within(jobs).getByRole('row', { name: /housekeeping/ })).toHaveTextContent('Succeeded');
    expect(within(jobs).getByRole('row', { name: /sweep-files/ })).toHaveTextContent('Failed: storage unreachable');
    const retention = within(jobs).getByRole('row', { name: /retention/ });
    expect(retention).toHaveTextContent('Not run yet');
    expect(retention).toHaveTextContent(`First run at ${formatDateTime('2026-11-27T12:00:00.000Z')}`);
    const { version } = JSON.parse(rootPackage) as { version: string };
    expect(screen.getByText('Version').nextElementSibling).toHaveTextContent(version);
    expect(screen.getByText('Ready').nextElementSibling).toHaveTextContent('Yes');
    expect(screen.getByTestId('system-warnings')).toHaveTextContent(SYSTEM_TEXTS.jobFailed('sweep-files'));
  });

  it('puts the same warnings on one line of the dashboard for a super-admin, and nothing for a sub-admin', async () => {
    await recordRuns();
    await h.signIn('superadmin');
    const owner = renderRoutes([{ path: '/dashboard', Component: () => <SystemWarningsLine enabled /> }], ['/dashboard']);
    const line = await screen.findByTestId('dashboard-system-warnings');
    expect(line).toHaveTextContent(SYSTEM_TEXTS.jobFailed('sweep-files'));
    expect(within(line).getByRole('link', { name: 'See System in Settings' })).toHaveAttribute('href', '/setting#settings-system');
    owner.unmount();

    await h.signIn('admin');
    renderRoutes([{ path: '/dashboard', Component: () => <SystemWarningsLine enabled={false} /> }], ['/dashboard']);
    // Disabled, it asks nothing (the server would refuse a sub-admin) and shows nothing.
    expect(screen.queryByTestId('dashboard-system-warnings')).toBeNull();
  });
});
