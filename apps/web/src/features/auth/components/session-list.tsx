import { Alert, Badge, ListGroup } from 'react-bootstrap';
import { FAILED } from '@visa/shared/ui-texts';
import { LOADING } from '@visa/shared/staff-texts';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '@visa/shared/dates';
import { useSessions } from '../api/get-sessions';
import { LoadingStatus } from '../../../components/loading-status';

/** A rough, readable name for a browser from its user-agent string. */
function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return os ? `${browser} on ${os}` : browser;
}

/** Where the signed-in account is signed in (one entry per sign-in, kept alive by refreshes). */
export function SessionList() {
  const sessions = useSessions();
  if (sessions.isPending) {
    return <LoadingStatus>{LOADING.devices}</LoadingStatus>;
  }
  if (sessions.isError) {
    return <Alert variant="danger">{serverMessage(sessions.error) ?? FAILED.loadDevices}</Alert>;
  }
  return (
    <ListGroup as="ul" aria-label="Signed-in devices">
      {sessions.data.map((s) => (
        <ListGroup.Item as="li" key={s.id}>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <strong>{describeDevice(s.userAgent)}</strong>
            {s.current && <Badge bg="success">This device</Badge>}
            {s.ip && <span className="text-body-secondary small">{s.ip}</span>}
          </div>
          <div className="small text-body-secondary">
            Signed in {formatDateTime(s.signedInAt)} · last renewed {formatDateTime(s.lastUsedAt)} · expires {formatDateTime(s.expiresAt)}
          </div>
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
