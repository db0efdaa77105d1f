import type { ApplicationStatus } from '@visa/shared/constants';
import { useEnquiryMessages } from '../locales';

const STYLE: Record<ApplicationStatus, string> = {
  pending: 'text-bg-warning',
  approved: 'text-bg-success',
  rejected: 'text-bg-danger',
};

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  const em = useEnquiryMessages();
  return <span className={`badge status-badge ${STYLE[status]}`}>{em.status[status].label}</span>;
}
