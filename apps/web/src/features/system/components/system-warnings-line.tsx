import { Alert } from 'react-bootstrap';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSystemStatus } from '../api/get-system';

/** The dashboard's one line for super-admins when the System section has warnings; nothing otherwise. */
export function SystemWarningsLine({ enabled }: { enabled: boolean }) {
  const system = useSystemStatus(enabled);
  const warnings = system.data?.warnings ?? [];
  if (!enabled || warnings.length === 0) return null;
  return (
    <Alert variant="warning" className="py-2" data-testid="dashboard-system-warnings">
      {warnings.join(' ')} <Link to={`${paths.settings}#settings-system`}>See System in Settings</Link>
    </Alert>
  );
}
