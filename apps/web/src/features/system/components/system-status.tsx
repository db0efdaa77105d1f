import { Alert } from 'react-bootstrap';
import type { SystemStatus } from '@visa/shared/system';
import { LoadingStatus } from '../../../components/loading-status';
import { formatDateTime } from '@visa/shared/dates';
import { formatBytes, formatDuration } from '../lib/format';
import { useSystemStatus } from '../api/get-system';

const OUTCOME_LABELS: Record<SystemStatus['jobs'][number]['outcome'], string> = {
  never: 'Not run yet',
  running: 'Running',
  ok: 'Succeeded',
  failed: 'Failed',
};

/** The Settings page's System section (super-admins): the figures an owner checks, warnings first. */
export function SystemStatusPanel() {
  const system = useSystemStatus();
  if (system.isPending) return <LoadingStatus>Loading the system status…</LoadingStatus>;
  if (system.isError)
    return (
      <Alert variant="danger" role="alert" className="mb-0">
        The system status could not be loaded.
      </Alert>
    );
  const s = system.data;
  return (
    <>
      {s.warnings.length > 0 ? (
        <Alert variant="warning" className="mb-3" data-testid="system-warnings">
          <ul className="mb-0 ps-3">
            {s.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Alert>
      ) : (
        <p className="text-success mb-3">All is well.</p>
      )}
      <dl className="row mb-3">
        <dt className="col-sm-4">Version</dt>
        <dd className="col-sm-8">{s.version}</dd>
        <dt className="col-sm-4">Running for</dt>
        <dd className="col-sm-8">{formatDuration(s.uptimeSeconds)}</dd>
        <dt className="col-sm-4">Ready</dt>
        <dd className="col-sm-8">{s.readiness.ok ? 'Yes' : `No: ${s.readiness.failing.join(', ')}`}</dd>
        <dt className="col-sm-4">Latest backup</dt>
        <dd className="col-sm-8">
          {!s.backup.scheduled
            ? 'Not made by the app (the database or files are backed up with their own tools)'
            : s.backup.latestAt
              ? `${formatDateTime(s.backup.latestAt)} (${s.backup.ageHours} hours ago), ${formatBytes(s.backup.sizeBytes ?? 0)}; every ${s.backup.everyHours} hours`
              : `None yet; every ${s.backup.everyHours} hours`}
        </dd>
        <dt className="col-sm-4">Mail outbox</dt>
        <dd className="col-sm-8">
          {s.mail.backlog} waiting to be sent, {s.mail.failed} could not be sent
        </dd>
        <dt className="col-sm-4">SMS and WhatsApp outbox</dt>
        <dd className="col-sm-8">
          {s.messages.backlog} waiting to be sent, {s.messages.failed} could not be sent
        </dd>
        <dt className="col-sm-4">Stored files</dt>
        <dd className="col-sm-8">{s.storageUsedBytes === null ? 'In S3 (not measured here)' : formatBytes(s.storageUsedBytes)}</dd>
        <dt className="col-sm-4">Free disk in the data folder</dt>
        <dd className="col-sm-8">
          {s.disk ? `${formatBytes(s.disk.freeBytes)} of ${formatBytes(s.disk.totalBytes)} (${s.disk.freePercent}%)` : 'Unknown'}
        </dd>
      </dl>
      {/* On a phone the table scrolls sideways: the scroll box takes the focus, so a keyboard scrolls it too. */}
      <div className="table-responsive" role="region" aria-label="Scheduled jobs" tabIndex={0}>
        <table className="table table-sm mb-0">
          <caption className="caption-top">Scheduled jobs</caption>
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Last run</th>
              <th scope="col">Outcome</th>
              <th scope="col">Next run</th>
            </tr>
          </thead>
          <tbody>
            {s.jobs.map((job) => (
              <tr key={job.name}>
                <th scope="row">{job.name}</th>
                <td>{job.startedAt ? formatDateTime(job.startedAt) : '—'}</td>
                <td>
                  {OUTCOME_LABELS[job.outcome]}
                  {job.error ? `: ${job.error}` : ''}
                </td>
                <td>{job.outcome === 'never' ? `First run at ${formatDateTime(job.nextRunAt)}` : formatDateTime(job.nextRunAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
