import { Badge } from 'react-bootstrap';
import type { ApplicationStatus } from '@visa/shared/constants';

export const STATUS_LABELS: Record<ApplicationStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
const VARIANTS: Record<ApplicationStatus, { bg: string; text?: 'dark' }> = {
  pending: { bg: 'warning', text: 'dark' },
  approved: { bg: 'success' },
  rejected: { bg: 'danger' },
};

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <Badge bg={VARIANTS[status].bg} text={VARIANTS[status].text}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
